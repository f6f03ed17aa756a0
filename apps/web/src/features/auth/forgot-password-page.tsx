import { useId, useState } from 'react';
import { Alert, Anchor, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_LENGTH, resetConfirmBody, resetRequestBody, resetVerifyBody } from '@app/shared';
import { paths } from '../../config/paths';
import { ConfirmPasswordField, NewPasswordField } from '../../components/form-fields/password-fields';
import { EmailField } from '../../components/form-fields/person-fields';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { serverFieldErrors, zodFormValidate } from '../../lib/zod-form';
import { useConfirmPasswordReset } from './api/confirm-password-reset';
import { useRequestPasswordReset } from './api/request-password-reset';
import { useVerifyResetCode } from './api/verify-reset-code';
import { AuthLayout } from './components/auth-layout';

type Step = 'email' | 'code' | 'password';

const isInvalidCode = (err: unknown) =>
  err instanceof ApiError && (err.code === 'invalid_reset_code' || (err.status === 400 && err.errors.some((e) => e.field === 'code')));

/** `/forgot-password`: email → 4-digit code → new password → back to sign-in (spec section 4). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const codeLabelId = useId();
  const [step, setStep] = useState<Step>('email');
  const [failure, setFailure] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();
  const verifyCode = useVerifyResetCode();
  const confirmReset = useConfirmPasswordReset();

  const form = useForm({
    initialValues: { email: '', code: '', password: '', confirmPassword: '' },
    validate: (values) => {
      const schema = step === 'email' ? resetRequestBody : step === 'code' ? resetVerifyBody : resetConfirmBody;
      return zodFormValidate(schema, t)(values);
    },
  });

  const fail = (err: unknown) => {
    setFailure(isInvalidCode(err) ? t('auth.reset.invalidCode') : errorMessage(err, t));
    if (!isInvalidCode(err)) form.setErrors(serverFieldErrors(err, t));
  };

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    if (step === 'email') {
      requestReset.mutate({ email: values.email }, { onSuccess: () => setStep('code'), onError: fail });
    } else if (step === 'code') {
      verifyCode.mutate({ email: values.email, code: values.code }, { onSuccess: () => setStep('password'), onError: fail });
    } else {
      confirmReset.mutate(values, {
        onSuccess: () => {
          notifications.show({ color: 'green', title: t('auth.reset.doneTitle'), message: t('auth.reset.doneBody') });
          navigate(paths.signIn, { replace: true });
        },
        onError: (err) => {
          fail(err);
          // The code expired or was used up while the new password was being typed: ask for it again.
          if (isInvalidCode(err)) {
            form.setFieldValue('code', '');
            setStep('code');
          }
        },
      });
    }
  });

  const handleResend = () => {
    setFailure(null);
    form.setFieldValue('code', '');
    requestReset.mutate(
      { email: form.getValues().email },
      {
        onSuccess: () => notifications.show({ color: 'blue', message: t('auth.reset.codeResent') }),
        onError: fail,
      },
    );
  };

  const subtitle =
    step === 'email' ? t('auth.reset.emailHint') : step === 'code' ? t('auth.reset.codeHint') : t('auth.reset.passwordHint');

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={subtitle}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}

          {step === 'email' && (
            <EmailField withAsterisk {...form.getInputProps('email')} />
          )}

          {step === 'code' && (
            <>
              <Alert color="blue" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
                {t('auth.reset.codeSent', { email: form.values.email })}
              </Alert>
              <Input.Wrapper id={codeLabelId} label={t('fields.resetCode')} error={form.errors.code} withAsterisk>
                <Group role="group" aria-labelledby={`${codeLabelId}-label`} mt={4}>
                  <PinInput
                    length={RESET_CODE_LENGTH}
                    type="number"
                    inputMode="numeric"
                    oneTimeCode
                    autoFocus
                    size="lg"
                    error={Boolean(form.errors.code)}
                    value={form.values.code}
                    onChange={(value) => form.setFieldValue('code', value)}
                    getInputProps={(index) => ({
                      'aria-label': t('auth.reset.digit', { n: index + 1, total: RESET_CODE_LENGTH }),
                    })}
                  />
                </Group>
              </Input.Wrapper>
            </>
          )}

          {step === 'password' && (
            <>
              <NewPasswordField autoFocus {...form.getInputProps('password')} />
              <ConfirmPasswordField {...form.getInputProps('confirmPassword')} />
            </>
          )}

          <Button
            type="submit"
            fullWidth
            size="md"
            loading={requestReset.isPending || verifyCode.isPending || confirmReset.isPending}
          >
            {step === 'email' ? t('auth.reset.sendCode') : step === 'code' ? t('auth.reset.verifyCode') : t('auth.reset.savePassword')}
          </Button>

          {step === 'code' && (
            <Group justify="space-between" gap="xs">
              <Anchor component="button" type="button" size="sm" onClick={() => setStep('email')}>
                {t('auth.reset.changeEmail')}
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={handleResend} disabled={requestReset.isPending}>
                {t('auth.reset.resend')}
              </Anchor>
            </Group>
          )}

          <Text ta="center" size="sm">
            <Anchor component={Link} to={paths.signIn}>
              {t('auth.reset.backToSignIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export { ForgotPasswordPage as Component };
