import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginBody, matchListenerPage } from '@app/shared';
import { paths } from '../../app/paths';
import { EmailField } from '../../components/form-fields/person-fields';
import { ApiError } from '../../lib/api-client';
import { serverFieldErrors, zodFormValidate } from '../../lib/zod-form';
import { useLogin } from './api/login';
import { signInFailureMessage } from './sign-in-failure';
import { AuthLayout } from './components/auth-layout';

/**
 * `?next=`: back to a church's lobby after signing in, when its church does not allow guests
 * (docs/decisions/019). Only a lobby or projector path of this site, never another address.
 */
export function lobbyToReturnTo(next: string | null): string | null {
  if (!next?.startsWith('/')) return null;
  const page = matchListenerPage(next);
  return page?.page === 'lobby' || page?.page === 'projector' ? next : null;
}

/** `/`: email and password; on success the stored values of spec section 3, then the dashboard. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodFormValidate(loginBody, t),
  });

  const handleSubmit = form.onSubmit((values) => {
    login.mutate(values, {
      onSuccess: () => {
        const lobby = lobbyToReturnTo(params.get('next'));
        // The lobby is a page of the listener entry (decision 018): a page load, not a route change.
        if (lobby) window.location.assign(lobby);
        else void navigate(paths.dashboard, { replace: true });
      },
      onError: (err) => form.setErrors(serverFieldErrors(err, t)),
    });
  });

  const failure = login.isError && !(login.error instanceof ApiError && login.error.status === 400) ? login.error : null;

  return (
    <AuthLayout title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {signInFailureMessage(failure, t)}
            </Alert>
          )}
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('auth.signIn.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {t('auth.signIn.submit')}
          </Button>
          <Text ta="center" size="sm">
            {t('auth.signIn.noAccount')}{' '}
            <Anchor component={Link} to={paths.signUp}>
              {t('auth.signIn.createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export { SignInPage as Component };
