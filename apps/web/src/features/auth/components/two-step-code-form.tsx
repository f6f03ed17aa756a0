import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@app/shared';
import { CodeInput, isSixDigits } from '../../../components/form-fields/code-input';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors } from '../../../lib/zod-form';
import { useLoginTwoStep } from '../api/login';

interface TwoStepCodeFormProps {
  onSignedIn: (me: Me) => void;
  /** The half session ended (5 wrong codes or 10 minutes): back to email and password. */
  onRestart: () => void;
  onBack: () => void;
}

/** The sign-in's second step (decision 023): the app's code or a recovery code, and "remember this device". */
export function TwoStepCodeForm({ onSignedIn, onRestart, onBack }: TwoStepCodeFormProps) {
  const { t } = useTranslation();
  const verify = useLoginTwoStep();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '', recoveryCode: '', rememberDevice: false },
    validate: {
      code: (v) => (!recovery && !isSixDigits(v) ? t('validation.twoStepCodeFormat') : null),
      recoveryCode: (v) => (recovery && !v.trim() ? t('validation.required') : null),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const body = recovery
      ? { recoveryCode: values.recoveryCode.trim(), rememberDevice: values.rememberDevice }
      : { code: values.code.trim(), rememberDevice: values.rememberDevice };
    verify.mutate(body, {
      onSuccess: onSignedIn,
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'two_step_restart') return onRestart();
        // The server names the field `code` for either kind of code.
        const errors = serverFieldErrors(err, t);
        form.setErrors(recovery && errors.code ? { recoveryCode: errors.code } : errors);
      },
    });
  });

  const failed = verify.isError && !(verify.error instanceof ApiError && verify.error.status === 400);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{recovery ? t('security.signIn.recoveryIntro') : t('security.signIn.intro')}</Text>
        {failed && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(verify.error, t)}
          </Alert>
        )}
        {recovery ? (
          <TextInput
            label={t('security.signIn.recoveryLabel')}
            autoComplete="off"
            autoFocus
            key={form.key('recoveryCode')}
            {...form.getInputProps('recoveryCode')}
          />
        ) : (
          <CodeInput autoFocus key={form.key('code')} {...form.getInputProps('code')} />
        )}
        <Checkbox label={t('security.signIn.remember')} key={form.key('rememberDevice')} {...form.getInputProps('rememberDevice', { type: 'checkbox' })} />
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          {t('security.signIn.submit')}
        </Button>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
            {recovery ? t('security.signIn.useCode') : t('security.signIn.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('security.signIn.startAgain')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
