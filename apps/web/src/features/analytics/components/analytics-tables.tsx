import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleByUserType, type NewUserItem, type SalvationItem, type SermonAnalyticsItem } from '@app/shared';
import { ListTable } from '../../../components/data-table/list-table';
import { exportUrl } from '../../../components/data-table/use-list-query';
import { useListParams } from '../../../components/data-table/use-list-params';
import { useStoredUser } from '../../../components/navigation/use-stored-user';
import { href } from '../../../config/paths';
import { useSermonName } from '../../../lib/sermon-name';
import { analyticsPaths, useNewUserList, useSalvationList, useSermonList } from '../api/analytics-lists';
import { useFormatNumber } from '../../../lib/use-format-number';
import { useLanguageName } from '../../../lib/use-language-name';
import { DateTime, Duration, FollowUpBadge } from './cells';
import { ANALYTICS_FILTERS, ListFilters } from './list-filters';
import { SermonActions } from './sermon-actions';

/**
 * People who accepted Jesus: name (or anonymous), date, sermon, language, and the follow-up's state
 * with a way to work on it: the follow-up itself, on the Follow-ups screen (decision 014). Staff
 * work only on those assigned to them, as the server allows.
 */
export function SalvationsTable({ isPlatform }: { isPlatform: boolean }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const sermonName = useSermonName();
  const user = useStoredUser();
  const isStaff = user.userType ? roleByUserType[user.userType] === 'staff' : false;
  const list = useListParams(ANALYTICS_FILTERS, '-createdAt');
  const query = useSalvationList(list.params);
  const name = (s: SalvationItem) => s.name ?? t('analytics.anonymous');
  const sermon = (s: SalvationItem) => (s.sermonId
    ? <Anchor component={Link} to={href.analyticsSermon(s.sermonId)}>{sermonName({ title: s.sermonTitle, hostName: s.sermonHostName, startedAt: s.sermonStartedAt })}</Anchor>
    : '–');
  const followUp = (s: SalvationItem) => (
    // Wrapping, the button goes under the state in a narrow column rather than cutting the state short.
    <Group gap={6} wrap="wrap">
      <FollowUpBadge status={s.followUpStatus} />
      {s.followUpId && (!isStaff || s.assignedToId === user.userId) && (
        <Button component={Link} to={href.followUp(s.followUpId)} size="compact-xs" variant="light" aria-label={t('followUps.openFor', { name: name(s) })}>{t('followUps.open')}</Button>
      )}
    </Group>
  );
  const columns: DataTableColumn<SalvationItem>[] = [
    { accessor: 'name', title: t('analytics.columns.name'), sortable: true, render: name },
    { accessor: 'createdAt', title: t('analytics.columns.date'), sortable: true, render: (s) => <DateTime iso={s.createdAt} /> },
    { accessor: 'sermonId', title: t('analytics.columns.sermon'), render: sermon },
    { accessor: 'language', title: t('analytics.columns.language'), sortable: true, render: (s) => languageName(s.language) },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('analytics.columns.church') } as DataTableColumn<SalvationItem>] : []),
    { accessor: 'status', title: t('analytics.columns.followUp'), sortable: true, render: followUp },
  ];
  return (
    <ListTable label={t('analytics.tabs.salvations')} list={list} query={query} columns={columns} searchLabel={t('analytics.search')}
      exportUrl={exportUrl(analyticsPaths.salvations, list.params)} filters={<ListFilters list={list} isPlatform={isPlatform} />}
      empty={{ title: t('analytics.empty.salvations'), description: t('analytics.empty.hint') }}
      renderCard={(s) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start"><Text fw={600}>{name(s)}</Text>{followUp(s)}</Group>
          <Text size="sm" c="dimmed"><DateTime iso={s.createdAt} /> · {languageName(s.language)}</Text>
          {s.sermonId && <Text size="sm">{sermon(s)}</Text>}
        </Stack>
      )} />
  );
}

/** Members who joined in the range. */
export function NewUsersTable({ isPlatform }: { isPlatform: boolean }) {
  const { t } = useTranslation();
  const list = useListParams(ANALYTICS_FILTERS, '-createdAt');
  const query = useNewUserList(list.params);
  const columns: DataTableColumn<NewUserItem>[] = [
    { accessor: 'name', title: t('analytics.columns.name'), sortable: true },
    { accessor: 'email', title: t('analytics.columns.email'), sortable: true },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('analytics.columns.church'), sortable: true } as DataTableColumn<NewUserItem>] : []),
    { accessor: 'createdAt', title: t('analytics.columns.joined'), sortable: true, render: (u) => <DateTime iso={u.createdAt} /> },
  ];
  return (
    <ListTable label={t('analytics.tabs.newUsers')} list={list} query={query} columns={columns} searchLabel={t('analytics.search')}
      exportUrl={exportUrl(analyticsPaths.newUsers, list.params)} filters={<ListFilters list={list} isPlatform={isPlatform} />}
      empty={{ title: t('analytics.empty.newUsers'), description: t('analytics.empty.hint') }}
      renderCard={(u) => (
        <Stack gap={2}><Text fw={600}>{u.name}</Text><Text size="sm" c="dimmed">{u.email && `${u.email} · `}<DateTime iso={u.createdAt} /></Text></Stack>
      )} />
  );
}

/** Live sermons now (end button for those allowed) or ended ones (delete for church admins). */
export function SermonsTable({ status, isPlatform, canManage }: { status: 'live' | 'ended'; isPlatform: boolean; canManage: boolean }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const formatNumber = useFormatNumber();
  const list = useListParams(ANALYTICS_FILTERS, '-startedAt');
  const params = { ...list.params, filters: { ...list.params.filters, status } };
  const query = useSermonList(params);
  const sermonName = useSermonName();
  // The table shows when each began: the name needs no date.
  const name = (s: SermonAnalyticsItem) => sermonName(s, { withDate: false });
  const languages = (s: SermonAnalyticsItem) => (
    <Group gap={4}>{s.listenersByLanguage.map((l) => <Badge key={l.language} variant="light" size="sm">{languageName(l.language)}: {formatNumber(l.listeners)}</Badge>)}</Group>
  );
  const columns: DataTableColumn<SermonAnalyticsItem>[] = [
    { accessor: 'hostName', title: t('analytics.columns.sermon'), render: (s) => <Anchor component={Link} to={href.analyticsSermon(s.id)}>{name(s)}</Anchor> },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('analytics.columns.church'), sortable: true } as DataTableColumn<SermonAnalyticsItem>] : []),
    { accessor: 'startedAt', title: t('analytics.columns.started'), sortable: true, render: (s) => <DateTime iso={s.startedAt} /> },
    ...(status === 'ended' ? [{ accessor: 'durationSeconds', title: t('analytics.columns.duration'), sortable: true, render: (s: SermonAnalyticsItem) => <Duration seconds={s.durationSeconds} /> } as DataTableColumn<SermonAnalyticsItem>] : []),
    { accessor: 'listeners', title: t('analytics.columns.listeners'), render: (s) => <Stack gap={2}><Text size="sm">{formatNumber(s.listeners)}</Text>{languages(s)}</Stack> },
    ...(canManage ? [{ accessor: 'actions', title: t('analytics.columns.actions'), render: (s: SermonAnalyticsItem) => <SermonActions sermon={s} /> } as DataTableColumn<SermonAnalyticsItem>] : []),
  ];
  return (
    <ListTable label={t(`analytics.tabs.${status}`)} list={list} query={query} columns={columns} searchLabel={t('analytics.searchSermons')}
      exportUrl={exportUrl(analyticsPaths.sermons, params)} filters={<ListFilters list={list} isPlatform={isPlatform} />}
      empty={{ title: t(`analytics.empty.${status}`), description: t('analytics.empty.hint') }}
      renderCard={(s) => (
        <Stack gap={4}>
          <Anchor component={Link} to={href.analyticsSermon(s.id)} fw={600}>{name(s)}</Anchor>
          <Text size="sm" c="dimmed"><DateTime iso={s.startedAt} /> · {t('analytics.listenersCount', { count: s.listeners })}</Text>
          {languages(s)}
          {canManage && <SermonActions sermon={s} />}
        </Stack>
      )} />
  );
}
