import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BackupEntry } from '@app/shared';
import { CodeInput, isSixDigits } from '../../../components/form-fields/code-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors } from '../../../lib/zod-form';
import { useDownloadLink } from '../api/download-backup';
import { formatWhen } from './backup-format';
import { formattingLocale } from '../../../i18n/interface-language';

/**
 * Downloading a backup asks for a code from the authenticator app each time (decision 032): a backup
 * holds everyone's personal and pay data. Opening asks the server first, which says whether the
 * person has two-step sign-in at all; the download is written to the audit log.
 */
export function DownloadModal({ entry, onClose }: { entry: BackupEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const link = useDownloadLink();
  const form = useForm({ initialValues: { code: '' }, validate: { code: (v) => (isSixDigits(v) ? null : t('validation.twoStepCodeFormat')) } });
  const name = entry?.id ?? null;

  useEffect(() => {
    form.reset();
    link.reset();
    if (name) link.mutate({ name });
    // Only when another backup is chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);

  const code = link.error instanceof ApiError ? link.error.code : null;
  const close = () => {
    link.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit(({ code: given }) => {
    if (!name) return;
    link.mutate({ name, code: given.trim() }, {
      onSuccess: ({ url }) => {
        window.location.assign(url);
        notifications.show({ color: 'green', message: t('backups.downloadStarted') });
        close();
      },
      onError: (err) => {
        const errors = serverFieldErrors(err, t);
        form.setErrors(Object.keys(errors).length ? errors : { code: errorMessage(err, t) });
      },
    });
  });

  const asking = code === 'two_step_code_needed' || code === 'two_step_code_invalid' || code === 'validation' || (link.isPending && !!form.values.code);
  return (
    <Modal opened={!!entry} onClose={close} title={t('backups.downloadTitle')} centered size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        {entry && <Text size="sm" fw={600}>{t('backups.downloadOf', { when: formatWhen(entry.at, formattingLocale(i18n)) })}</Text>}
        <Alert color="yellow" variant="light">{t('backups.downloadWarning')}</Alert>
        {link.isPending && !asking && (
          <Group gap="xs" role="status"><Loader size="xs" aria-hidden /><Text size="sm">{t('common.loading')}</Text></Group>
        )}
        {code === 'two_step_required' && (
          <Alert color="red" role="alert" title={t('backups.twoStepNeededTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('backups.twoStepNeededBody')}</Text>
              <Anchor component={Link} to={`${paths.profile}#two-step`} size="sm" c="red.9" underline="always">{t('security.reveal.enrol')}</Anchor>
            </Stack>
          </Alert>
        )}
        {link.isError && !asking && code !== 'two_step_required' && <Alert color="red" role="alert">{errorMessage(link.error, t)}</Alert>}
        {asking && (
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t('backups.codeIntro')}</Text>
              <CodeInput autoFocus key={form.key('code')} {...form.getInputProps('code')} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
                <Button type="submit" loading={link.isPending}>{t('backups.downloadSubmit')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
