import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginIssueKeys, matchListenerPage, type TwoStepStatus } from '@app/shared';
import { paths } from '../../config/paths';
import { EmailField } from '../../components/form-fields/person-fields';
import { api, ApiError } from '../../lib/api-client';
import { issueKeysToErrors, serverFieldErrors } from '../../lib/zod-form';
import { needsCode, useLogin } from './api/login';
import { signInFailureMessage } from './sign-in-failure';
import { AuthLayout } from './components/auth-layout';
import { TwoStepCodeForm } from './components/two-step-code-form';

/**
 * `?next=`: back to a church's lobby after signing in, when its church does not allow guests
 * (docs/decisions/019). Only a lobby or projector path of this site, never another address.
 */
export function lobbyToReturnTo(next: string | null): string | null {
  if (!next?.startsWith('/')) return null;
  const page = matchListenerPage(next);
  return page?.page === 'lobby' || page?.page === 'projector' ? next : null;
}

/**
 * `/`: email and password, then a two-step code when the person has it (decision 023); on success
 * the stored values of spec section 3, then the dashboard, or the profile's two-step section for an
 * administrator who must set it up first.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [restarted, setRestarted] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // loginBody's rules without zod, which this first page need not download (decision 029).
    validate: (values) => issueKeysToErrors(loginIssueKeys(values), t),
  });

  const handleSubmit = form.onSubmit((values) => {
    setRestarted(false);
    login.mutate(values, {
      onSuccess: (result) => (needsCode(result) ? setStep('code') : void goOn()),
      onError: (err) => form.setErrors(serverFieldErrors(err, t)),
    });
  });

  const goOn = async () => {
    const status = await api<TwoStepStatus>('/me/two-step').catch(() => null);
    const lobby = lobbyToReturnTo(params.get('next'));
    if (status?.mustEnrol) navigate(`${paths.profile}#two-step`, { replace: true });
    // The lobby is a page of the listener entry (decision 018): a page load, not a route change.
    else if (lobby) window.location.assign(lobby);
    else navigate(paths.dashboard, { replace: true });
  };
  const backToPassword = (afterRestart: boolean) => {
    login.reset();
    setRestarted(afterRestart);
    setStep('password');
  };

  if (step === 'code') {
    return (
      <AuthLayout title={t('security.signIn.title')}>
        <TwoStepCodeForm onSignedIn={() => void goOn()} onRestart={() => backToPassword(true)} onBack={() => backToPassword(false)} />
      </AuthLayout>
    );
  }

  const failure = login.isError && !(login.error instanceof ApiError && login.error.status === 400) ? login.error : null;

  return (
    <AuthLayout title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {restarted && (
            <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('security.signIn.restarted')}
            </Alert>
          )}
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
