import { PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { adminRoles, createAdministratorBody, updateAdministratorBody, type Person } from '@app/shared';
import { EmailField, FirstNameField, LastNameField, PhoneField, SuburbField } from '../../../components/form-fields/person-fields';
import { submitWithServerErrors, zodFormValidate } from '../../../lib/zod-form';
import { ChurchSelect } from '../../../components/church-select';
import { FormActions } from '../../../components/form-actions';

export interface AdministratorFormValues {
  firstName: string; lastName: string; email: string; phone: string; address: string; suburb: string;
  role: string; churchId: string; password: string;
}

export const emptyAdministrator: AdministratorFormValues = { firstName: '', lastName: '', email: '', phone: '', address: '', suburb: '', role: 'church_admin', churchId: '', password: '' };

export const administratorToForm = (p: Person): AdministratorFormValues => ({
  firstName: p.firstName, lastName: p.lastName, email: p.email ?? '', phone: p.phone, address: p.address ?? '', suburb: p.suburb,
  role: p.role, churchId: p.churchId ?? '', password: '',
});

export function administratorFormToBody(v: AdministratorFormValues, isNew: boolean) {
  const body = {
    firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone, address: v.address || null, suburb: v.suburb,
    role: v.role, churchId: v.churchId || null,
  };
  return isNew ? { ...body, password: v.password } : body;
}

interface Props {
  initial: AdministratorFormValues;
  isNew: boolean;
  /** Nobody changes their own role (the server refuses it too). */
  canChangeRole: boolean;
  saving: boolean;
  error: unknown;
  saveLabel: string;
  onSubmit: (body: ReturnType<typeof administratorFormToBody>) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit an administrator (spec section 3: name, email, password, phone, address, suburb, church). */
export function AdministratorForm({ initial, isNew, canChangeRole, saving, error, saveLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const form = useForm<AdministratorFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodFormValidate(isNew ? createAdministratorBody : updateAdministratorBody, t, { toInput: (v: AdministratorFormValues) => administratorFormToBody(v, isNew) }),
  });
  const roles = isNew ? adminRoles : ([...adminRoles, 'staff', 'member'] as const);
  const handleSubmit = submitWithServerErrors(form, t, (values) => onSubmit(administratorFormToBody(values, isNew)));
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FirstNameField withAsterisk {...form.getInputProps('firstName')} />
          <LastNameField withAsterisk {...form.getInputProps('lastName')} />
          <EmailField withAsterisk {...form.getInputProps('email')} />
          <PhoneField withAsterisk {...form.getInputProps('phone')} />
          <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
          <SuburbField withAsterisk {...form.getInputProps('suburb')} />
          <Select
            label={t('people.administrators.demoteTo')}
            description={t('people.administrators.roleHelp')}
            allowDeselect={false}
            disabled={!canChangeRole}
            data={roles.map((r) => ({ value: r, label: t(`common.roles.${r}`) }))}
            {...form.getInputProps('role')}
          />
          <ChurchSelect withAsterisk={form.values.role === 'church_admin'} clearable {...form.getInputProps('churchId')} />
          {isNew && <PasswordInput label={t('fields.password')} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />}
        </SimpleGrid>
        <FormActions saving={saving} error={error} onCancel={onCancel} saveLabel={saveLabel} errorTitle={t('people.saveFailed')} />
      </Stack>
    </form>
  );
}
