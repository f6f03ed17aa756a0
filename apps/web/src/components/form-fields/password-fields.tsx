import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// A new password and its confirmation, as signup, password reset and the profile's change-password
// dialog ask for them: `new-password` lets the browser's password manager offer and save one.

/** Labelled "New password"; signup, where there is no old one, gives its own label. */
export function NewPasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput label={t('fields.newPassword')} autoComplete="new-password" withAsterisk {...props} />;
}

export function ConfirmPasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput label={t('fields.confirmPassword')} autoComplete="new-password" withAsterisk {...props} />;
}
