import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { acceptInvitationBody } from '@app/shared';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { focusFirstInvalid, serverFieldErrors, zodFormValidate } from '../../lib/zod-form';
import { useAcceptInvitation } from './api/accept-invitation';
import { AuthLayout } from './components/auth-layout';

/** `/set-password?token=…`: the link a person added by their church receives by email to choose a first password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const accept = useAcceptInvitation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zodFormValidate(acceptInvitationBody, t, { toInput: (v: { password: string; confirmPassword: string }) => ({ ...v, token: token || 'x'.repeat(20) }) }),
  });
  const handleSubmit = form.onSubmit((values) =>
    accept.mutate({ token, ...values }, { onError: (err) => form.setErrors(serverFieldErrors(err, t)) }),
  focusFirstInvalid);

  return (
    <AuthLayout title={t('people.setPassword.title')} subtitle={t('people.setPassword.intro')}>
      {!token ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">{t('people.setPassword.missingToken')}</Alert>
      ) : accept.isSuccess ? (
        <Stack>
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">{t('people.setPassword.done')}</Alert>
          <Button component={Link} to={paths.signIn}>{t('people.setPassword.signIn')}</Button>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <PasswordInput label={t('fields.newPassword')} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordInput label={t('fields.confirmPassword')} withAsterisk autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
            {accept.isError && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                <Text size="sm">{errorMessage(accept.error, t)}</Text>
              </Alert>
            )}
            <Button type="submit" loading={accept.isPending}>{t('people.setPassword.submit')}</Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

export { SetPasswordPage as Component };
