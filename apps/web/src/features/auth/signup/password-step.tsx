import { Anchor, Checkbox, Stack } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ConfirmPasswordField, NewPasswordField } from '../../../components/form-fields/password-fields';
import { needsGuardian, type SignupStepProps } from './signup-form';

/** Step 3: password, terms and, under 18, the consent of a parent or guardian (spec section 1). */
export function PasswordStep({ form, age }: SignupStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <NewPasswordField label={t('fields.password')} description={t('signup.passwordHint')} {...form.getInputProps('password')} />
      <ConfirmPasswordField {...form.getInputProps('confirmPassword')} />
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
