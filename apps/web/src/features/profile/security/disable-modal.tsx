import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors } from '../../../lib/zod-form';
import { useDisableTwoStep } from '../api/security';
import { CodeInput, isSixDigits } from '../../../components/form-fields/code-input';

/** Turning two-step sign-in off needs a current code, so a session left open cannot do it. */
export function DisableModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoStep();
  const form = useForm({ initialValues: { code: '' }, validate: { code: (v) => (isSixDigits(v) ? null : t('validation.twoStepCodeFormat')) } });
  const close = () => {
    form.reset();
    disable.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit(({ code }) => {
    disable.mutate(code.trim(), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('security.twoStep.turnedOff') });
        close();
      },
      onError: (err) => {
        const errors = serverFieldErrors(err, t);
        form.setErrors(Object.keys(errors).length ? errors : { code: errorMessage(err, t) });
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title={t('security.twoStep.disableTitle')} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('security.twoStep.disableIntro')}</Text>
          <CodeInput autoFocus key={form.key('code')} {...form.getInputProps('code')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>{t('security.twoStep.cancel')}</Button>
            <Button type="submit" color="red" loading={disable.isPending}>{t('security.twoStep.disable')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
