import { Fieldset, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createStaffBody, employmentTypes, payTypes, updateStaffBody, workLocations } from '@app/shared';
import { submitWithServerErrors, zodFormValidate } from '../../../lib/zod-form';
import { FormActions } from '../../../components/form-actions';
import { PasswordModeFields } from '../components/password-mode-fields';
import { PersonFieldsSection } from '../components/person-fields-section';
import { staffFormToBody, type StaffFormValues } from './staff-form-values';

// The API nests bank details; the form shows them as separate inputs.
const renamed: Record<string, string> = { 'bankDetails.bsb': 'bsb', 'bankDetails.accountNumber': 'accountNumber', 'bankDetails.accountName': 'accountName', bankDetails: 'bsb' };
const toFormFields = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [renamed[k] ?? k, v]));

interface Props {
  initial: StaffFormValues;
  isNew: boolean;
  canChooseChurch: boolean;
  /** Staff editing their own record do not change their pay. */
  canEditPayroll: boolean;
  saving: boolean;
  error: unknown;
  saveLabel: string;
  onSubmit: (body: ReturnType<typeof staffFormToBody>) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit a staff member: the person, the staff record of spec section 3, and pay. */
export function StaffForm({ initial, isNew, canChooseChurch, canEditPayroll, saving, error, saveLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const schema = isNew ? createStaffBody : updateStaffBody;
  const validate = zodFormValidate(schema, t, { toInput: (v: StaffFormValues) => staffFormToBody(v, isNew) });
  const form = useForm<StaffFormValues>({ mode: 'controlled', initialValues: initial, validate: (v) => toFormFields(validate(v)) });
  const text = (name: keyof StaffFormValues) => ({ label: t(`people.staff.fields.${name}`), ...form.getInputProps(name) });
  const choice = (name: 'employmentType' | 'workLocation', values: readonly string[], section: string) => (
    <Select label={t(`people.staff.fields.${name}`)} clearable data={values.map((value) => ({ value, label: t(`people.staff.${section}.${value}`) }))} {...form.getInputProps(name)} />
  );

  const handleSubmit = submitWithServerErrors(form, t, (values) => onSubmit(staffFormToBody(values, isNew)), toFormFields);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <PersonFieldsSection form={form} canChooseChurch={canChooseChurch} withCommunityFields={false} />
        <Fieldset legend={t('people.sections.work')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('jobTitle')} />
            <TextInput {...text('department')} />
            {choice('employmentType', employmentTypes, 'employmentTypes')}
            {choice('workLocation', workLocations, 'workLocations')}
            <TextInput type="date" {...text('startDate')} />
            <TextInput type="date" {...text('endDate')} />
            <TextInput type="email" {...text('workEmail')} />
            <TextInput {...text('linkedinUrl')} placeholder="https://www.linkedin.com/in/…" />
            <TextInput {...text('employeeId')} />
            <TextInput {...text('systemAccessLevel')} />
            <TextInput {...text('countryOfOrigin')} />
            <TextInput {...text('languagesSpoken')} />
            <TextInput {...text('assignedTeams')} />
            <TextInput {...text('educationLevel')} />
            <TextInput {...text('certifications')} />
            <TextInput {...text('skills')} />
          </SimpleGrid>
          <Textarea mt="sm" autosize minRows={2} {...text('notes')} />
        </Fieldset>
        {canEditPayroll && (
          <Fieldset legend={t('people.sections.payroll')}>
            {!isNew && <Text size="sm" c="dimmed" mb="xs">{t('people.staff.payrollHelp')}</Text>}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput inputMode="decimal" autoComplete="off" {...text('salary')} />
              <Select label={t('people.staff.fields.payType')} allowDeselect={false} data={payTypes.map((value) => ({ value, label: t(`people.staff.payTypes.${value}`) }))} {...form.getInputProps('payType')} />
              <TextInput inputMode="numeric" autoComplete="off" {...text('bsb')} />
              <TextInput inputMode="numeric" autoComplete="off" {...text('accountNumber')} />
              <TextInput autoComplete="off" {...text('accountName')} />
              <TextInput inputMode="numeric" autoComplete="off" {...text('tfnAbn')} />
              <TextInput autoComplete="off" {...text('workVisaStatus')} />
              <TextInput autoComplete="off" {...text('emergencyContact')} />
            </SimpleGrid>
          </Fieldset>
        )}
        {isNew && (
          <Fieldset legend={t('people.sections.account')}>
            <Stack>
              <PasswordModeFields form={form} />
            </Stack>
          </Fieldset>
        )}
        <FormActions saving={saving} error={error} onCancel={onCancel} saveLabel={saveLabel} errorTitle={t('people.saveFailed')} />
      </Stack>
    </form>
  );
}
