import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Sermon } from '@app/shared';
import { useDeleteSermon } from '../api/delete-sermon';
import { useEndSermon } from '../api/end-sermon';
import { useSermons } from '../api/get-sermons';
import { languageName } from '../lib/language-label';
import { useHeadingLevel } from '../../../components/heading-level';

function formatDuration(seconds: number | null, t: (key: string, opts?: Record<string, number>) => string): string {
  if (seconds === null) return '—';
  const m = Math.round(seconds / 60);
  return m >= 60 ? t('live.common.hoursMinutes', { hours: Math.floor(m / 60), minutes: m % 60 }) : t('live.common.minutes', { count: m });
}

/**
 * For church admins (and platform admins): every live sermon of the church with End, and recently
 * ended ones with Delete (ARCHITECTURE.md section 6: end or delete any sermon of the church).
 */
export function ChurchSermonsPanel({ churchId, currentSermonId }: { churchId: string; currentSermonId?: string }) {
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const live = useSermons(churchId, 'live', { poll: true });
  const ended = useSermons(churchId, 'ended');
  const endSermon = useEndSermon();
  const deleteSermon = useDeleteSermon(churchId);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const confirmEnd = (sermon: Sermon) =>
    modals.openConfirmModal({
      title: t('live.admin.endTitle'),
      children: <Text size="sm">{t('live.admin.endBody', { host: sermon.hostName ?? t('live.admin.unknownHost') })}</Text>,
      labels: { confirm: t('live.admin.endConfirm'), cancel: t('live.common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        endSermon.mutate(sermon.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('live.admin.ended') }),
          onError: () => notifications.show({ color: 'red', message: t('live.admin.endFailed') }),
        }),
    });

  const confirmDelete = (sermon: Sermon) =>
    modals.openConfirmModal({
      title: t('live.admin.deleteTitle'),
      children: <Text size="sm">{t('live.admin.deleteBody', { date: time.format(new Date(sermon.startedAt)) })}</Text>,
      labels: { confirm: t('live.admin.deleteConfirm'), cancel: t('live.common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteSermon.mutate(sermon.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('live.admin.deleted') }),
          onError: () => notifications.show({ color: 'red', message: t('live.admin.deleteFailed') }),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={sectionOrder} size="h4">
          {t('live.admin.title')}
        </Title>
        <Stack gap="xs">
          <Text fw={600}>{t('live.admin.liveNow')}</Text>
          {live.isPending ? (
            <Loader size="sm" aria-label={t('live.common.loading')} />
          ) : live.isError ? (
            <Alert color="red">{t('live.admin.loadFailed')}</Alert>
          ) : live.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('live.admin.noneLive')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table aria-label={t('live.admin.liveNow')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('live.admin.host')}</Table.Th>
                    <Table.Th>{t('live.admin.started')}</Table.Th>
                    <Table.Th>{t('live.speaker.language')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {live.data.items.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Group gap={6}>
                          {s.hostName ?? t('live.admin.unknownHost')}
                          {s.id === currentSermonId && <Badge size="xs">{t('live.admin.yours')}</Badge>}
                          {s.status === 'paused' && <Badge size="xs" color="yellow">{t('live.speaker.paused')}</Badge>}
                        </Group>
                      </Table.Td>
                      <Table.Td>{time.format(new Date(s.startedAt))}</Table.Td>
                      <Table.Td>{languageName(s.sourceLanguage, s.sourceLanguage, i18n.language)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => confirmEnd(s)}
                          loading={endSermon.isPending && endSermon.variables === s.id}
                          aria-label={t('live.admin.endLabel', { host: s.hostName ?? t('live.admin.unknownHost') })}
                        >
                          {t('live.admin.end')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>{t('live.admin.recentlyEnded')}</Text>
          {ended.isPending ? (
            <Loader size="sm" aria-label={t('live.common.loading')} />
          ) : ended.isError ? (
            <Alert color="red">{t('live.admin.loadFailed')}</Alert>
          ) : ended.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('live.admin.noneEnded')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table aria-label={t('live.admin.recentlyEnded')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('live.admin.host')}</Table.Th>
                    <Table.Th>{t('live.admin.started')}</Table.Th>
                    <Table.Th>{t('live.admin.duration')}</Table.Th>
                    <Table.Th>{t('live.admin.listeners')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ended.data.items.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.hostName ?? t('live.admin.unknownHost')}</Table.Td>
                      <Table.Td>{time.format(new Date(s.startedAt))}</Table.Td>
                      <Table.Td>{formatDuration(s.durationSeconds, t)}</Table.Td>
                      <Table.Td>{s.listenersJoined}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          onClick={() => confirmDelete(s)}
                          loading={deleteSermon.isPending && deleteSermon.variables === s.id}
                          aria-label={t('live.admin.deleteLabel', { date: time.format(new Date(s.startedAt)) })}
                        >
                          {t('live.admin.delete')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
