import { Alert, SimpleGrid } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DateOfBirthField,
  EmailField,
  FirstNameField,
  GenderSelect,
  LastNameField,
  PhoneField,
  SuburbField,
} from '../../../components/form-fields/person-fields';
import { isTooYoung, type SignupStepProps } from './signup-form';

/** Step 1: who you are. */
export function AboutYouStep({ form, age }: SignupStepProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <FirstNameField withAsterisk {...form.getInputProps('firstName')} />
      <LastNameField {...form.getInputProps('lastName')} />
      <EmailField withAsterisk {...form.getInputProps('email')} />
      <PhoneField withAsterisk {...form.getInputProps('phone')} />
      <DateOfBirthField withAsterisk {...form.getInputProps('dateOfBirth')} />
      <GenderSelect placeholder={t('signup.choose')} {...form.getInputProps('gender')} />
      <SuburbField withAsterisk {...form.getInputProps('suburb')} />
      {isTooYoung(age) && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('signup.tooYoungTitle')}
          role="alert"
          style={{ gridColumn: '1 / -1' }}
        >
          {t('signup.tooYoungBody')}
        </Alert>
      )}
    </SimpleGrid>
  );
}
