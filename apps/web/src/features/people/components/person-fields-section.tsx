import { Checkbox, Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { referralSources } from '@app/shared';
import {
  DateOfBirthField,
  EmailField,
  FaithLevelSelect,
  FirstNameField,
  GenderSelect,
  LastNameField,
  PhoneField,
  PrimaryLanguageSelect,
  SuburbField,
} from '../../../components/form-fields/person-fields';
import { ChurchSelect } from '../../../components/church-select';
import type { PersonFormValues } from './person-form-values';

interface Props<V extends PersonFormValues> {
  form: UseFormReturnType<V>;
  /** Platform admins choose any church; everyone else adds people to their own. */
  canChooseChurch: boolean;
  /** The faith and referral fields of spec section 3 (users); staff and admin forms leave them out. */
  withCommunityFields?: boolean;
  /** No email, so no sign-in (decision 036): the email is optional and the hint says what one gives. */
  withoutAccount?: boolean;
}

/** The fields every person has (spec section 3), shared by the users, staff and administrators forms. */
export function PersonFieldsSection<V extends PersonFormValues>({ form, canChooseChurch, withCommunityFields = true, withoutAccount = false }: Props<V>) {
  const { t } = useTranslation();
  const f = form as unknown as UseFormReturnType<PersonFormValues>;
  return (
    <>
      <Fieldset legend={t('people.sections.details')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FirstNameField withAsterisk {...f.getInputProps('firstName')} />
          <LastNameField withAsterisk {...f.getInputProps('lastName')} />
          <EmailField withAsterisk={!withoutAccount} description={withoutAccount ? t('people.noAccount.emailHint') : undefined} {...f.getInputProps('email')} />
          <PhoneField withAsterisk {...f.getInputProps('phone')} />
          <SuburbField withAsterisk {...f.getInputProps('suburb')} />
          <TextInput label={t('fields.address')} autoComplete="street-address" {...f.getInputProps('address')} />
          <ChurchSelect withAsterisk disabled={!canChooseChurch} {...f.getInputProps('churchId')} />
          <DateOfBirthField {...f.getInputProps('dateOfBirth')} />
          <GenderSelect {...f.getInputProps('gender')} />
          <PrimaryLanguageSelect {...f.getInputProps('primaryLanguage')} />
        </SimpleGrid>
      </Fieldset>
      {withCommunityFields && (
        <Fieldset legend={t('people.sections.community')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FaithLevelSelect {...f.getInputProps('faithLevel')} />
            <Select
              label={t('fields.attendedBefore')}
              data={[{ value: 'yes', label: t('people.yes') }, { value: 'no', label: t('people.no') }]}
              clearable
              {...f.getInputProps('attendedBefore')}
            />
            <TextInput label={t('fields.broughtBy')} {...f.getInputProps('broughtBy')} />
            <Select
              label={t('fields.referralSource')}
              data={referralSources.map((value) => ({ value, label: t(`fields.referralSources.${value}`) }))}
              clearable
              {...f.getInputProps('referralSource')}
            />
            <TextInput label={t('people.referredByCode')} description={t('people.referredByCodeHelp')} {...f.getInputProps('referredByCode')} />
            <div />
            <Checkbox mt="md" label={t('people.acceptedJesus')} {...f.getInputProps('acceptedJesus', { type: 'checkbox' })} />
            {f.values.acceptedJesus && <TextInput type="date" label={t('people.acceptedJesusAt')} {...f.getInputProps('acceptedJesusAt')} />}
          </SimpleGrid>
        </Fieldset>
      )}
    </>
  );
}
