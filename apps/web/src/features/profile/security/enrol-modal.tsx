import { Alert, Button, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors } from '../../../lib/zod-form';
import { useConfirmTwoStep, useStartTwoStep } from '../api/security';
import { CodeInput, isSixDigits } from '../../../components/form-fields/code-input';

/** Setting up two-step sign-in: QR code and key, a first code, then the ten recovery codes shown once. */
export function EnrolModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartTwoStep();
  const confirm = useConfirmTwoStep();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: { code: (v) => (isSixDigits(v) ? null : t('validation.twoStepCodeFormat')) } });
  const { mutate: begin } = start;

  useEffect(() => {
    if (opened) begin();
  }, [opened, begin]);

  const close = () => {
    start.reset();
    confirm.reset();
    form.reset();
    setCodes(null);
    onClose();
  };

  const handleSubmit = form.onSubmit(({ code }) => {
    confirm.mutate(code.trim(), {
      onSuccess: (r) => setCodes(r.recoveryCodes),
      onError: (err) => form.setErrors(serverFieldErrors(err, t)),
    });
  });

  const failure = start.error ?? (confirm.error instanceof ApiError && confirm.error.status === 400 ? null : confirm.error);

  return (
    <Modal opened={opened} onClose={codes ? () => undefined : close} withCloseButton={!codes} title={codes ? t('security.twoStep.recoveryTitle') : t('security.twoStep.start')} centered>
      {codes ? (
        <Stack gap="sm">
          <Text size="sm">{t('security.twoStep.recoveryIntro')}</Text>
          <SimpleGrid cols={2} spacing="xs" aria-label={t('security.twoStep.recoveryTitle')}>
            {codes.map((c) => <Code key={c} fz="md">{c}</Code>)}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={codes.join('\n')}>
              {({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? t('security.twoStep.copied') : t('security.twoStep.copy')}</Button>}
            </CopyButton>
            <Button onClick={() => { notifications.show({ color: 'green', message: t('security.twoStep.turnedOn') }); close(); }}>
              {t('security.twoStep.saved')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('security.twoStep.scan')}</Text>
            {failure && <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">{errorMessage(failure, t)}</Alert>}
            {start.data && (
              <Stack align="center" gap="xs">
                <QRCodeSVG value={start.data.otpauthUrl} size={176} marginSize={2} role="img" aria-label={t('security.twoStep.qrLabel')} />
                <Text size="xs" c="dimmed">{t('security.twoStep.key')}</Text>
                <Code fz="sm" style={{ wordBreak: 'break-all' }}>{start.data.secret}</Code>
              </Stack>
            )}
            <CodeInput key={form.key('code')} {...form.getInputProps('code')} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>{t('security.twoStep.cancel')}</Button>
              <Button type="submit" loading={confirm.isPending} disabled={!start.data}>{t('security.twoStep.confirm')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
