import { Anchor, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventStatus, EventSummary } from '@app/shared';
import { ChurchSelect } from '../../components/church-select';
import { ListTable } from '../../components/data-table/list-table';
import { exportUrl } from '../../components/data-table/use-list-query';
import { useListParams } from '../../components/data-table/use-list-params';
import { href, paths } from '../../config/paths';
import { eventsPath, useEvents } from './api/get-events';
import { PublicBadge } from './components/event-card';
import { EventWhen } from './components/event-when';
import { useViewerRole } from './use-viewer-role';

const FILTERS = ['status', 'churchId'] as const;

/**
 * `/events` and `/admin/events`: the church's events in Upcoming and Past tabs (`?status=`), for
 * admins and staff to manage; platform admins see every church's with a church filter.
 */
export function EventsPage() {
  const { t } = useTranslation();
  const viewer = useViewerRole();
  const [search] = useSearchParams();
  const status: EventStatus = search.get('status') === 'expired' ? 'expired' : 'active';
  // Upcoming soonest first; past most recent first.
  const list = useListParams(FILTERS, status === 'expired' ? '-startsAt' : 'startsAt');
  const params = { ...list.params, filters: { ...list.params.filters, status } };
  const query = useEvents(params);
  const isPlatform = viewer.role === 'platform_admin';

  const columns: DataTableColumn<EventSummary>[] = [
    { accessor: 'name', title: t('events.fields.name'), sortable: true, render: (e) => <Anchor component={Link} to={href.event(e.id)}>{e.name}</Anchor> },
    { accessor: 'startsAt', title: t('events.fields.startsAt'), sortable: true, render: (e) => <EventWhen startsAt={e.startsAt} endsAt={e.endsAt} timeZone={e.timeZone} size="sm" /> },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('fields.church'), sortable: true } as DataTableColumn<EventSummary>] : []),
    { accessor: 'location', title: t('events.fields.location') },
    { accessor: 'isPublic', title: t('events.visibility'), render: (e) => <PublicBadge isPublic={e.isPublic} /> },
    { accessor: 'imageCount', title: t('events.images.count'), textAlign: 'right' },
  ];

  const addButton = (
    <Button component={Link} to={paths.eventNew} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('events.add')}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Tabs value={status} onChange={(v) => list.update({ filters: { status: v === 'expired' ? 'expired' : '' }, sort: '' })}>
          <Tabs.List>
            <Tabs.Tab value="active">{t('events.tabs.upcoming')}</Tabs.Tab>
            <Tabs.Tab value="expired">{t('events.tabs.past')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {addButton}
      </Group>
      <ListTable
        label={status === 'expired' ? t('events.tabs.past') : t('events.tabs.upcoming')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('events.search')}
        searchPlaceholder={t('events.searchPlaceholder')}
        exportUrl={exportUrl(eventsPath, params)}
        filters={isPlatform && (
          <ChurchSelect label={t('events.filterChurch')} clearable w={220} value={list.params.filters.churchId ?? null} onChange={(v) => list.update({ filters: { churchId: v ?? '' } })} />
        )}
        empty={{
          title: status === 'expired' ? t('events.emptyPastTitle') : t('events.emptyTitle'),
          description: status === 'expired' ? t('events.emptyPastBody') : t('events.emptyBody'),
          action: status === 'expired' ? undefined : addButton,
        }}
        renderCard={(e) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={href.event(e.id)} fw={600}>{e.name}</Anchor>
              <PublicBadge isPublic={e.isPublic} />
            </Group>
            <EventWhen startsAt={e.startsAt} endsAt={e.endsAt} timeZone={e.timeZone} size="sm" />
            {(isPlatform || e.location) && <Text size="sm" c="dimmed">{[isPlatform ? e.churchName : null, e.location].filter(Boolean).join(' · ')}</Text>}
          </Stack>
        )}
      />
    </Stack>
  );
}

export { EventsPage as Component };
