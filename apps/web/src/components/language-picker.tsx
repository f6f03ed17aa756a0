import { Select, type MantineSize } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { interfaceLanguageNames, interfaceLanguages, type InterfaceLanguage } from '@app/shared';
import { interfaceLanguage } from '../i18n/interface-language';

// Each language is named in itself, so a person who cannot read the current one still finds theirs.
const options = interfaceLanguages.map((code) => ({ value: code, label: interfaceLanguageNames[code] }));

function isInterfaceLanguage(value: string): value is InterfaceLanguage {
  return (interfaceLanguages as readonly string[]).includes(value);
}

/** The interface language (spec section 1); i18next remembers the choice in local storage. */
export function LanguagePicker({ size = 'sm', withLabel = true }: { size?: string; withLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = interfaceLanguage(i18n);
  return (
    <Select
      label={withLabel ? t('fields.language') : undefined}
      aria-label={withLabel ? undefined : t('fields.language')}
      size={size as MantineSize}
      data={options}
      value={current}
      onChange={(value) => {
        if (value && isInterfaceLanguage(value)) void i18n.changeLanguage(value);
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
      w={withLabel ? 220 : 170}
    />
  );
}
