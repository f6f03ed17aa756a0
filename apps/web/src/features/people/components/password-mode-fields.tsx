import { PasswordInput, Radio, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface PasswordModeValues {
  passwordMode: 'password' | 'invite';
  password: string;
}

/** How a new person will sign in: a password set now, or an emailed link to choose their own. */
export function PasswordModeFields<V extends PasswordModeValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const f = form as unknown as UseFormReturnType<PasswordModeValues>;
  return (
    <>
      <Radio.Group label={t('people.passwordMode.label')} {...f.getInputProps('passwordMode')}>
        <Stack gap="xs" mt="xs">
          <Radio value="password" label={t('people.passwordMode.password')} />
          <Radio value="invite" label={t('people.passwordMode.invite')} />
        </Stack>
      </Radio.Group>
      {f.values.passwordMode === 'password' && (
        <PasswordInput label={t('fields.password')} withAsterisk autoComplete="new-password" {...f.getInputProps('password')} />
      )}
    </>
  );
}
