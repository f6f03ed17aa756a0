import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { faithLevels, genders, primaryLanguages } from '@app/shared';
import type { Translate } from '../../lib/zod-form';

// The personal details both signup and the profile ask for: each field's label, input type and
// autocomplete hint are written once here. Whether a field is required differs between the two
// forms, so callers say it (withAsterisk), as they give the placeholder of a choice.

type ChoiceSelectProps = Omit<SelectProps, 'data'>;

const choices = (values: readonly string[], section: string, t: Translate) =>
  values.map((value) => ({ value, label: t(`fields.${section}.${value}`) }));

export function FirstNameField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.firstName')} autoComplete="given-name" {...props} />;
}

export function LastNameField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.lastName')} autoComplete="family-name" {...props} />;
}

export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.email')} type="email" inputMode="email" autoComplete="email" {...props} />;
}

export function PhoneField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.phone')} type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

/** A date input that will not offer a day after today. */
export function DateOfBirthField(props: TextInputProps) {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  return <TextInput label={t('fields.dateOfBirth')} type="date" max={today} autoComplete="bday" {...props} />;
}

export function SuburbField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.suburb')} autoComplete="address-level2" {...props} />;
}

export function GenderSelect(props: ChoiceSelectProps) {
  const { t } = useTranslation();
  return <Select label={t('fields.gender')} data={choices(genders, 'genders', t)} clearable {...props} />;
}

export function PrimaryLanguageSelect(props: ChoiceSelectProps) {
  const { t } = useTranslation();
  return <Select label={t('fields.primaryLanguage')} data={choices(primaryLanguages, 'primaryLanguages', t)} clearable {...props} />;
}

export function FaithLevelSelect(props: ChoiceSelectProps) {
  const { t } = useTranslation();
  return <Select label={t('fields.faithLevel')} data={choices(faithLevels, 'faithLevels', t)} clearable {...props} />;
}
