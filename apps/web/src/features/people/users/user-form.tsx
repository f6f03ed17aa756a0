import { Fieldset, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createUserBody, updateAccountHolderBody, updateUserBody, userRoles } from '@app/shared';
import { submitWithServerErrors, zodFormValidate } from '../../../lib/zod-form';
import { FormActions } from '../../../components/form-actions';
import { PasswordModeFields } from '../components/password-mode-fields';
import { PersonFieldsSection } from '../components/person-fields-section';
import { personFormToInput, type PersonFormValues } from '../components/person-form-values';

export interface UserFormValues extends PersonFormValues {
  passwordMode: 'password' | 'invite';
  password: string;
}

interface Props {
  initial: UserFormValues;
  isNew: boolean;
  canChooseChurch: boolean;
  /** Church and platform admins may make a member staff and back; staff may not. */
  canSetRole: boolean;
  /** A person with no email and so no sign-in (decision 036): the email may stay empty. */
  withoutAccount?: boolean;
  saving: boolean;
  error: unknown;
  saveLabel: string;
  onSubmit: (body: ReturnType<typeof toBody>) => Promise<unknown>;
  onCancel: () => void;
}

export function toBody(v: UserFormValues, isNew: boolean) {
  const person = personFormToInput(v, { isNew });
  if (!isNew) return { ...person, role: v.role === 'member' || v.role === 'staff' ? v.role : undefined };
  return {
    ...person,
    role: v.role === 'staff' ? ('staff' as const) : ('member' as const),
    ...(v.passwordMode === 'invite' ? { invite: true } : { password: v.password }),
  };
}

/** Add or edit a person of the church, checked by the same schema the server uses. */
export function UserForm({ initial, isNew, canChooseChurch, canSetRole, withoutAccount = false, saving, error, saveLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodFormValidate(isNew ? createUserBody : withoutAccount ? updateUserBody : updateAccountHolderBody, t, { toInput: (v: UserFormValues) => toBody(v, isNew) }),
  });

  const handleSubmit = submitWithServerErrors(form, t, (values) => onSubmit(toBody(values, isNew)));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <PersonFieldsSection form={form} canChooseChurch={canChooseChurch} withoutAccount={withoutAccount} />
        {(canSetRole || isNew) && (
          <Fieldset legend={t('people.sections.account')}>
            <Stack>
              {canSetRole && (['member', 'staff'] as string[]).includes(form.values.role) && (
                <Select
                  label={t('people.columns.role')}
                  data={userRoles.map((r) => ({ value: r, label: t(`common.roles.${r}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps('role')}
                />
              )}
              {isNew && <PasswordModeFields form={form} />}
            </Stack>
          </Fieldset>
        )}
        <FormActions saving={saving} error={error} onCancel={onCancel} saveLabel={saveLabel} errorTitle={t('people.saveFailed')} />
      </Stack>
    </form>
  );
}
