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
import { useSermonName } from '../../../lib/sermon-name';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

function formatDuration(seconds: number | null, t: (key: string, opts?: Record<string, number>) => string): string {
  if (seconds === null) return '—';
  const m = Math.round(seconds / 60);
  return m >= 60 ? t('live.common.hoursMinutes', { hours: Math.floor(m / 60), minutes: m % 60 }) : t('live.common.minutes', { count: m });
}

interface SermonColumn {
  header: string;
  cell: (sermon: Sermon) => ReactNode;
}

interface SermonTableSectionProps {
  title: string;
  query: UseQueryResult<SermonList>;
  emptyText: string;
  /** The first column always shows; the others are columns from `sm` up and lines under the first below it. */
  columns: [SermonColumn, ...SermonColumn[]];
  /** The row's button (End or Delete), in the last, unlabelled column. */
  action: (sermon: Sermon) => ReactNode;
}

/**
 * One list of the panel: a small loader, an error or an empty line in place of its table. At 390 px
 * the details stack under the speaker's name, so the row's button stays on screen with no sideways scroll.
 */
function SermonTableSection({ title, query, emptyText, columns, action }: SermonTableSectionProps) {
  const { t } = useTranslation();
  const [first, ...rest] = columns;
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
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{first.header}</Table.Th>
              {rest.map((c) => (
                <Table.Th key={c.header} visibleFrom="sm">{c.header}</Table.Th>
              ))}
              <Table.Th><VisuallyHidden>{t('common.list.actions')}</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.items.map((sermon) => (
              <Table.Tr key={sermon.id}>
                <Table.Td>
                  {first.cell(sermon)}
                  <Stack gap={0} mt={4} hiddenFrom="sm">
                    {rest.map((c) => (
                      <Text key={c.header} size="xs" c="dimmed" component="div">{c.header}: {c.cell(sermon)}</Text>
                    ))}
                  </Stack>
                </Table.Td>
                {rest.map((c) => (
                  <Table.Td key={c.header} visibleFrom="sm">{c.cell(sermon)}</Table.Td>
                ))}
                <Table.Td ta="right">{action(sermon)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
  // A sermon is its service's title before its preacher (decision 019): one preacher's sermons differ by it.
  const sermonName = useSermonName();
  const name = (s: Sermon) => sermonName(s, { withDate: false });
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
          columns={[
            {
              header: t('live.admin.sermon'),
              cell: (s) => (
                <Group gap={6}>
                  {name(s)}
                  {s.id === currentSermonId && <Badge size="xs">{t('live.admin.yours')}</Badge>}
                  {s.status === 'paused' && <Badge size="xs" color="yellow">{t('live.speaker.paused')}</Badge>}
                </Group>
              ),
            },
            { header: t('live.admin.started'), cell: (s) => time.format(new Date(s.startedAt)) },
            { header: t('live.speaker.language'), cell: (s) => languageName(s.sourceLanguage, s.sourceLanguage, interfaceLanguage(i18n)) },
          ]}
          action={(s) => (
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
          )}
        />
        <SermonTableSection
          title={t('live.admin.recentlyEnded')}
          query={ended}
          emptyText={t('live.admin.noneEnded')}
          columns={[
            { header: t('live.admin.sermon'), cell: name },
            { header: t('live.admin.started'), cell: (s) => time.format(new Date(s.startedAt)) },
            { header: t('live.admin.duration'), cell: (s) => formatDuration(s.durationSeconds, t) },
            { header: t('live.admin.listeners'), cell: (s) => s.listenersJoined },
          ]}
          action={(s) => (
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
          )}
        />
      </Stack>
    </Paper>
  );
}
