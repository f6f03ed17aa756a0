import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The six digits of an authenticator app, as phones fill them in. */
export function CodeInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('security.twoStep.codeLabel')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}

export const isSixDigits = (v: string) => /^\d{6}$/.test(v.trim());
