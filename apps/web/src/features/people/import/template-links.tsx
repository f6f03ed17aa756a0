import { Anchor, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInterfaceLanguage } from '../../../i18n/interface-language';

/** The template (CSV and XLSX) with the columns the import reads, headed in the interface language (decision 042). */
export function TemplateLinks() {
  const { t } = useTranslation();
  const { language } = useInterfaceLanguage();
  const href = (format: 'csv' | 'xlsx') => `/api/v1/people-imports/template.${format}?language=${language}`;
  return (
    <Group gap="xs" wrap="wrap">
      <IconDownload size={16} aria-hidden />
      <Text size="sm">{t('peopleImport.template.label')}</Text>
      <Anchor size="sm" href={href('csv')} download>{t('peopleImport.template.csv')}</Anchor>
      <Anchor size="sm" href={href('xlsx')} download>{t('peopleImport.template.xlsx')}</Anchor>
    </Group>
  );
}
