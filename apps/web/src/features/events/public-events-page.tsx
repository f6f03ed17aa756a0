import { Alert, Container, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { EmptyList, ErrorState } from '../../components/query-states';
import { usePublicEvents } from './api/get-public-events';
import { ChurchHeader } from './components/church-header';
import { EventCard } from './components/event-card';

/** `/churches/:churchId/events` (no sign-in): a church's upcoming public events, a link to share. */
export function PublicEventsPage() {
  const { churchId = '' } = useParams();
  const { t } = useTranslation();
  const query = usePublicEvents(churchId);
  useDocumentTitle(`${query.data ? query.data.church.name : t('events.public')} · ${t('common.appName')}`);

  let body;
  if (query.isPending) {
    body = (
      <Stack role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={140} radius="md" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{[0, 1].map((i) => <Skeleton key={i} h={300} radius="md" />)}</SimpleGrid>
      </Stack>
    );
  } else if (query.isError) {
    body = query.error instanceof ApiError && query.error.status === 404
      ? <Alert color="yellow" title={t('events.publicPage.notFound')}>{t('events.publicPage.notFoundBody')}</Alert>
      : <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t('events.loadFailed')} />;
  } else {
    const { church, events } = query.data;
    body = (
      <Stack gap="lg">
        <ChurchHeader church={church} titleOrder={1} />
        <Text c="dimmed">{t('events.publicPage.intro', { name: church.name })}</Text>
        {events.length === 0 ? (
          <EmptyList title={t('events.publicPage.emptyTitle')} description={t('events.publicPage.emptyBody')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="section" aria-label={t('events.publicPage.listLabel')}>
            {events.map((e) => <EventCard key={e.id} event={e} timeZone={church.timeZone} />)}
          </SimpleGrid>
        )}
      </Stack>
    );
  }
  return <Container size="lg" px={0}>{body}</Container>;
}

export { PublicEventsPage as Component };
