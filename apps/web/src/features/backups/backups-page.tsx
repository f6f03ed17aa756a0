import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupEntry } from '@app/shared';
import { EmptyList, ErrorState } from '../../components/query-states';
import { RoleOnly } from '../../components/role-only';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useBackups } from './api/get-backups';
import { useStartBackup } from './api/start-backup';
import { BackupList } from './components/backup-list';
import { DownloadModal } from './components/download-modal';
import { RestoreHelp } from './components/restore-help';

/**
 * `/backups`, platform administrators only (decision 032): the backups kept and their state, Back up
 * now with its progress, Download after a fresh two-step code, and how to restore one.
 */
export function BackupsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.backups')} · ${t('common.appName')}`);
  return (
    <RoleOnly userTypes={['1']} who={t('backups.who')}>
      <Backups />
    </RoleOnly>
  );
}

function Backups() {
  const { t } = useTranslation();
  const backups = useBackups();
  const start = useStartBackup();
  const [downloading, setDownloading] = useState<BackupEntry | null>(null);
  const running = backups.data?.items.find((i) => i.state === 'running');
  const schedule = backups.data?.schedule;
  const alreadyRunning = start.error instanceof ApiError && start.error.code === 'conflict';

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} maw={640} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} size="h4">{t('backups.title')}</Title>
            {schedule ? (
              <Text size="sm" c="dimmed">
                {t('backups.schedule', { time: schedule.time, keep: schedule.keep })} {t(`backups.placeIntro.${schedule.place}`, { location: schedule.location })}
              </Text>
            ) : (
              <Skeleton h={36} w="100%" maw={420} />
            )}
          </Stack>
          <Button leftSection={<IconDatabaseExport size={16} aria-hidden />} loading={start.isPending} disabled={!!running} onClick={() => start.mutate()}>
            {running ? t('backups.running', { percent: running.progress }) : t('backups.backUpNow')}
          </Button>
        </Group>
        {start.isError && (
          <Alert mt="sm" color={alreadyRunning ? 'yellow' : 'red'} role="alert">{alreadyRunning ? t('backups.alreadyRunning') : errorMessage(start.error, t)}</Alert>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="backups-list-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="backups-list-title">{t('backups.listTitle')}</Title>
          {backups.isPending && <Skeleton h={120} />}
          {backups.isError && <ErrorState error={backups.error} onRetry={() => void backups.refetch()} title={t('backups.loadFailed')} />}
          {backups.data && backups.data.items.length === 0 && <EmptyList title={t('backups.emptyTitle')} description={t('backups.emptyBody')} />}
          {backups.data && backups.data.items.length > 0 && <BackupList items={backups.data.items} onDownload={setDownloading} />}
        </Stack>
      </Paper>

      <RestoreHelp />
      <DownloadModal entry={downloading} onClose={() => setDownloading(null)} />
    </Stack>
  );
}

export { BackupsPage as Component };
