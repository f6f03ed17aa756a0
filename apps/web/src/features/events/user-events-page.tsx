import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState } from '../../components/query-states';
import { useEvents } from './api/get-events';
import { calendarUrl } from './api/get-event';
import { usePublicEvents } from './api/get-public-events';
import { ChurchHeader } from './components/church-header';
import { EventCard } from './components/event-card';
import { useViewerRole } from './use-viewer-role';

// Upcoming events of one church fit on one screen; the list endpoint caps a page at 100.
const UPCOMING = { page: 1, pageSize: 50, q: '', sort: 'startsAt', filters: { status: 'active' } };

/** `/user/events`: the member's church (with its map) and its upcoming events as cards. */
export function UserEventsPage() {
  const { t } = useTranslation();
  const viewer = useViewerRole();
  const events = useEvents(UPCOMING);
  const church = usePublicEvents(viewer.churchId ?? '');

  if (!viewer.churchId) return <Alert color="yellow">{t('events.noChurch')}</Alert>;
  return (
    <Stack gap="lg">
      {church.data && <ChurchHeader church={church.data.church} />}
      {events.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => <Skeleton key={i} h={320} radius="md" />)}
        </SimpleGrid>
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} title={t('events.loadFailed')} />
      ) : events.data.items.length === 0 ? (
        <EmptyList title={t('events.member.emptyTitle')} description={t('events.member.emptyBody')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="section" aria-label={t('events.tabs.upcoming')}>
          {events.data.items.map((e) => <EventCard key={e.id} event={e} timeZone={e.timeZone} calendarHref={calendarUrl(e.id)} />)}
        </SimpleGrid>
      )}
      {events.data && events.data.total > events.data.items.length && (
        <Button variant="subtle" disabled>{t('events.member.more', { count: events.data.total - events.data.items.length })}</Button>
      )}
    </Stack>
  );
}

export { UserEventsPage as Component };
