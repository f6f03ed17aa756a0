import { Alert, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { genders } from '@app/shared';
import { isTooYoung, type SignupValues } from './signup-form';

interface StepProps {
  form: UseFormReturnType<SignupValues>;
  age: number | null;
}

/** Step 1: who you are. */
export function AboutYouStep({ form, age }: StepProps) {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput label={t('fields.firstName')} autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
      <TextInput label={t('fields.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
      <TextInput
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        withAsterisk
        {...form.getInputProps('email')}
      />
      <TextInput
        label={t('fields.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        withAsterisk
        {...form.getInputProps('phone')}
      />
      <TextInput
        label={t('fields.dateOfBirth')}
        type="date"
        max={today}
        autoComplete="bday"
        withAsterisk
        {...form.getInputProps('dateOfBirth')}
      />
      <Select
        label={t('fields.gender')}
        placeholder={t('signup.choose')}
        data={genders.map((g) => ({ value: g, label: t(`fields.genders.${g}`) }))}
        clearable
        {...form.getInputProps('gender')}
      />
      <TextInput label={t('fields.suburb')} autoComplete="address-level2" withAsterisk {...form.getInputProps('suburb')} />
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
