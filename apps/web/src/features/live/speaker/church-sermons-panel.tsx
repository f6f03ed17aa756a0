import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { dialogs } from '../../../components/dialogs';
import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sermon, SermonList } from '@app/shared';
import { useDeleteSermon } from '../api/delete-sermon';
import { useEndSermon } from '../api/end-sermon';
import { useSermons } from '../api/sermons-query';
import { languageName } from '../../../lib/language-label';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

function formatDuration(seconds: number | null, t: (key: string, opts?: Record<string, number>) => string): string {
  if (seconds === null) return '—';
  const m = Math.round(seconds / 60);
  return m >= 60 ? t('live.common.hoursMinutes', { hours: Math.floor(m / 60), minutes: m % 60 }) : t('live.common.minutes', { count: m });
}

interface SermonTableSectionProps {
  title: string;
  query: UseQueryResult<SermonList>;
  emptyText: string;
  /** Column headings before the last, unlabelled column of row actions. */
  headers: string[];
  renderCells: (sermon: Sermon) => ReactNode;
}

/** One list of the panel: a small loader, an error or an empty line in place of its table. */
function SermonTableSection({ title, query, emptyText, headers, renderCells }: SermonTableSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('live.common.loading')} />
      ) : query.isError ? (
        <Alert color="red">{t('live.admin.loadFailed')}</Alert>
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
                <Table.Th><VisuallyHidden>{t('common.list.actions')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((sermon) => (
                <Table.Tr key={sermon.id}>{renderCells(sermon)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
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
  const time = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' });

  const confirmEnd = (sermon: Sermon) =>
    dialogs.confirm({
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
    dialogs.confirm({
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
        <SermonTableSection
          title={t('live.admin.liveNow')}
          query={live}
          emptyText={t('live.admin.noneLive')}
          headers={[t('live.admin.host'), t('live.admin.started'), t('live.speaker.language')]}
          renderCells={(s) => (
            <>
              <Table.Td>
                <Group gap={6}>
                  {s.hostName ?? t('live.admin.unknownHost')}
                  {s.id === currentSermonId && <Badge size="xs">{t('live.admin.yours')}</Badge>}
                  {s.status === 'paused' && <Badge size="xs" color="yellow">{t('live.speaker.paused')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>{time.format(new Date(s.startedAt))}</Table.Td>
              <Table.Td>{languageName(s.sourceLanguage, s.sourceLanguage, interfaceLanguage(i18n))}</Table.Td>
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
            </>
          )}
        />
        <SermonTableSection
          title={t('live.admin.recentlyEnded')}
          query={ended}
          emptyText={t('live.admin.noneEnded')}
          headers={[t('live.admin.host'), t('live.admin.started'), t('live.admin.duration'), t('live.admin.listeners')]}
          renderCells={(s) => (
            <>
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
            </>
          )}
        />
      </Stack>
    </Paper>
  );
}
