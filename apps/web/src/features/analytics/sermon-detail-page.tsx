import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleByUserType, type ListenerSession } from '@app/shared';
import { ListTable } from '../../components/data-table/list-table';
import { exportUrl } from '../../components/data-table/use-list-query';
import { useListParams } from '../../components/data-table/use-list-params';
import { useHeadingLevel } from '../../components/heading-level';
import { useStoredUser } from '../../components/navigation/use-stored-user';
import { ErrorState, EmptyList } from '../../components/query-states';
import { href, paths } from '../../config/paths';
import { SubtitleDownloads } from '../../components/subtitle-downloads';
import { analyticsPaths, useListenerList } from './api/analytics-lists';
import { useSermonDetail, useTranscriptText } from './api/sermon-detail';
import { useLanguageName } from '../../lib/use-language-name';
import { DateTime, Duration } from './components/cells';
import { SermonActions } from './components/sermon-actions';
import { formattingLocale } from '../../i18n/interface-language';

/** `/analytics/sermons/:id`: duration, minutes charged, languages, listeners and the transcript. */
export function SermonDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const heading = useHeadingLevel();
  const user = useStoredUser();
  const role = user.userType ? roleByUserType[user.userType] : null;
  const detail = useSermonDetail(id);
  const languageName = useLanguageName();
  if (detail.isPending) return <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}><Skeleton h={90} /><Skeleton h={240} /></Stack>;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} title={t('analytics.loadFailed')} />;
  const s = detail.data;
  const number = new Intl.NumberFormat(formattingLocale(i18n));
  const figures: Array<[string, React.ReactNode]> = [
    [t('analytics.sermon.started'), <DateTime iso={s.startedAt} />],
    [t('analytics.sermon.duration'), <Duration seconds={s.durationSeconds} />],
    [t('analytics.sermon.minutesCharged'), number.format(s.minutesCharged)],
    [t('analytics.sermon.listeners'), number.format(s.listeners)],
    [t('analytics.sermon.listenerMinutes'), number.format(s.listenerMinutes)],
    [t('analytics.sermon.decisions'), number.format(s.salvations)],
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          {/* The service's title names it when it went live for one (decision 019); the preacher follows. */}
          <Title order={heading} size="h3">{s.title ?? t('analytics.sermon.heading', { name: s.hostName ?? t('analytics.unknownSpeaker') })}</Title>
          <Group gap="xs">
            <Badge color={s.status === 'ended' ? 'gray' : 'red'}>{t(`analytics.sermonStatus.${s.status === 'ended' ? 'ended' : 'live'}`)}</Badge>
            <Text size="sm" c="dimmed">{[s.title ? s.hostName : null, s.churchName, t('analytics.sermon.spoken', { language: languageName(s.sourceLanguage) })].filter(Boolean).join(' · ')}</Text>
          </Group>
        </Stack>
        {(role === 'church_admin' || role === 'platform_admin') && <SermonActions sermon={s} onDeleted={() => navigate(`${paths.analytics}?tab=ended`)} />}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {figures.map(([label, value]) => (
          <Card key={label} withBorder padding="sm" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
            <Text fw={700} fz="lg">{value}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group gap={6}>
        {s.listenersByLanguage.map((l) => <Badge key={l.language} variant="light" tt="none">{languageName(l.language)}: {number.format(l.listeners)} · {t('analytics.minutes', { count: l.minutes })}</Badge>)}
      </Group>
      <section aria-labelledby="sermon-listeners">
        <Title order={heading + 1 > 6 ? 6 : ((heading + 1) as 2)} size="h4" id="sermon-listeners" mb="xs">{t('analytics.sermon.listenersTitle')}</Title>
        <ListenersTable sermonId={s.id} />
      </section>
      {s.status === 'ended' && (
        <section aria-labelledby="sermon-subtitles">
          <Group justify="space-between" mb="xs">
            <Title order={heading + 1 > 6 ? 6 : ((heading + 1) as 2)} size="h4" id="sermon-subtitles">{t('subtitles.title')}</Title>
            <Button component={Link} to={href.listenAgain(s.id)} variant="subtle" size="xs">{t('listenAgain.open')}</Button>
          </Group>
          <SubtitleDownloads sermonId={s.id} languages={s.transcriptLanguages} />
        </section>
      )}
      <section aria-labelledby="sermon-transcript">
        <Title order={heading + 1 > 6 ? 6 : ((heading + 1) as 2)} size="h4" id="sermon-transcript" mb="xs">{t('analytics.sermon.transcriptTitle')}</Title>
        <Tabs defaultValue={s.transcriptLanguages[0]} keepMounted={false}>
          <Tabs.List>{s.transcriptLanguages.map((l) => <Tabs.Tab key={l} value={l}>{languageName(l)}</Tabs.Tab>)}</Tabs.List>
          {s.transcriptLanguages.map((l) => <Tabs.Panel key={l} value={l} pt="sm"><TranscriptText sermonId={s.id} lang={l} label={`${t('analytics.sermon.transcriptTitle')}: ${languageName(l)}`} /></Tabs.Panel>)}
        </Tabs>
      </section>
    </Stack>
  );
}

function ListenersTable({ sermonId }: { sermonId: string }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const list = useListParams([], 'startedAt');
  const params = { ...list.params, filters: { sermonId } };
  const query = useListenerList(params);
  const who = (l: ListenerSession) => l.name ?? t('analytics.anonymousListener');
  const columns: DataTableColumn<ListenerSession>[] = [
    { accessor: 'name', title: t('analytics.columns.user'), sortable: true, render: who },
    { accessor: 'email', title: t('analytics.columns.email'), render: (l) => l.email ?? '–' },
    { accessor: 'language', title: t('analytics.columns.language'), sortable: true, render: (l) => languageName(l.language) },
    { accessor: 'startedAt', title: t('analytics.columns.start'), sortable: true, render: (l) => <DateTime iso={l.startedAt} /> },
    { accessor: 'endedAt', title: t('analytics.columns.end'), render: (l) => <DateTime iso={l.endedAt} /> },
    { accessor: 'durationSeconds', title: t('analytics.columns.duration'), sortable: true, render: (l) => <Duration seconds={l.durationSeconds} /> },
    { accessor: 'status', title: t('analytics.columns.status'), render: (l) => <Badge variant="light" color={l.status === 'active' ? 'teal' : 'gray'}>{t(`analytics.listenerStatus.${l.status}`)}</Badge> },
  ];
  return (
    <ListTable label={t('analytics.sermon.listenersTitle')} list={list} query={query} columns={columns} searchLabel={t('analytics.searchListeners')}
      exportUrl={exportUrl(analyticsPaths.listeners, params)}
      empty={{ title: t('analytics.empty.listeners'), description: t('analytics.empty.listenersHint') }}
      renderCard={(l) => <Stack gap={2}><Text fw={600}>{who(l)}</Text><Text size="sm" c="dimmed">{languageName(l.language)} · <DateTime iso={l.startedAt} /> · <Duration seconds={l.durationSeconds} /></Text></Stack>} />
  );
}

function TranscriptText({ sermonId, lang, label }: { sermonId: string; lang: string; label: string }) {
  const { t } = useTranslation();
  const transcript = useTranscriptText(sermonId, lang);
  if (transcript.isPending) return <Skeleton h={80} role="status" aria-label={t('common.loading')} />;
  if (transcript.isError) return <ErrorState error={transcript.error} onRetry={() => void transcript.refetch()} title={t('analytics.loadFailed')} />;
  if (transcript.data.captions.length === 0) return <EmptyList title={t('analytics.empty.transcript')} />;
  return (
    // It scrolls: focusable and named so a keyboard reader can reach and scroll it (WCAG 2.1.1).
    <Card withBorder radius="md" padding="md" mah={360} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <Stack gap={6} lang={lang}>{transcript.data.captions.map((c) => <Text key={c.seq} size="sm">{c.text}</Text>)}</Stack>
    </Card>
  );
}

export { SermonDetailPage as Component };
