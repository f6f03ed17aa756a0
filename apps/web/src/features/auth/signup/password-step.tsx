import { Anchor, Checkbox, PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { needsGuardian, type SignupValues } from './signup-form';

interface StepProps {
  form: UseFormReturnType<SignupValues>;
  age: number | null;
}

/** Step 3: password, terms and, under 18, the consent of a parent or guardian (spec section 1). */
export function PasswordStep({ form, age }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('fields.password')}
        description={t('signup.passwordHint')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('confirmPassword')}
      />
      <Checkbox
        mt="xs"
        label={
          <Trans
            i18nKey="signup.acceptTerms"
            components={{
              // Opens beside the form, so what was typed so far is not lost.
              policy: <Anchor component={Link} to={paths.privacyPolicy} target="_blank" rel="noopener" inherit />,
            }}
          />
        }
        {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
      />
      {needsGuardian(age) && (
        <Checkbox
          label={t('signup.guardianConsent')}
          description={t('signup.guardianConsentHint')}
          {...form.getInputProps('guardianConsent', { type: 'checkbox' })}
        />
      )}
    </Stack>
  );
}
