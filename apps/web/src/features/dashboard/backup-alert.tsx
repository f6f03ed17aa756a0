import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useBackupStatus } from './api/get-backup-status';
import { formattingLocale } from '../../i18n/interface-language';

/** A platform administrator's warning that the newest backup failed (decision 032), until one succeeds. */
export function BackupAlert() {
  const { t, i18n } = useTranslation();
  const status = useBackupStatus();
  const failed = status.data?.failed;
  if (!failed) return null;
  const when = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(failed.at));
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('dashboard.backupFailed.title')} role="alert">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t('dashboard.backupFailed.body', { when })}</Text>
        {failed.error && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{failed.error}</Text>}
        <Anchor component={Link} to={paths.backups} size="sm">{t('dashboard.backupFailed.open')}</Anchor>
      </Stack>
    </Alert>
  );
}
