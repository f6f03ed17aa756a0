import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changePasswordBody } from '@app/shared';
import { ConfirmPasswordField, NewPasswordField } from '../../../components/form-fields/password-fields';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation (spec section 5, profile); a wrong current password shows on its field. */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useForm({ initialValues: emptyValues, validate: zodFormValidate(changePasswordBody, t) });

  const handleClose = () => {
    form.reset();
    changePassword.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    changePassword.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('profile.password.changed') });
        handleClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'invalid_credentials') {
          form.setFieldError('currentPassword', t('profile.password.currentWrong'));
        } else {
          form.setErrors(serverFieldErrors(err, t));
        }
      },
    });
  });

  const failed =
    changePassword.isError && !(changePassword.error instanceof ApiError && changePassword.error.status === 400);

  return (
    <Modal opened={opened} onClose={handleClose} title={t('profile.password.title')} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {failed && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('profile.password.failed')}
            </Alert>
          )}
          <PasswordInput
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordField {...form.getInputProps('newPassword')} />
          <ConfirmPasswordField {...form.getInputProps('confirmPassword')} />
          <Group justify="flex-end" mt="sm" gap="sm">
            <Button variant="default" onClick={handleClose}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={changePassword.isPending}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
