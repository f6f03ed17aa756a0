import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCopy, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventDetails } from '@app/shared';
import { href, paths } from '../../config/paths';
import { ConfirmButton } from '../../components/confirm-button';
import { useHeadingLevel } from '../../components/heading-level';
import { ErrorState } from '../../components/query-states';
import { ApiError } from '../../lib/api-client';
import { calendarUrl, useEvent } from './api/get-event';
import { useDeleteEvent } from './api/delete-event';
import { useUpdateEvent } from './api/save-event';
import { EventCard, PublicBadge } from './components/event-card';
import { EventForm } from './components/event-form';
import { eventValuesOf } from './components/event-form-values';
import { EventImagesCard } from './components/event-images-card';
import { useViewerRole } from './use-viewer-role';

/** `/events/:id`: edit an event, its images and cover; download it for a calendar; share it. */
export function EventPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const event = useEvent(id);
  const viewer = useViewerRole();
  if (event.isPending) {
    return (
      <Stack role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w={280} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (event.isError) {
    const missing = event.error instanceof ApiError && event.error.status === 404;
    return missing ? <Alert color="yellow" title={t('events.notFound')}><Anchor component={Link} to={paths.events}>{t('events.backToList')}</Anchor></Alert> : <ErrorState error={event.error} onRetry={() => void event.refetch()} />;
  }
  const mayManage = viewer.role === 'platform_admin' || viewer.role === 'church_admin' || viewer.role === 'staff';
  if (!mayManage) return <EventCard event={event.data} timeZone={event.data.timeZone} calendarHref={calendarUrl(event.data.id)} />;
  return <ManageEvent key={event.data.id} event={event.data} canChooseChurch={viewer.role === 'platform_admin'} />;
}

function ManageEvent({ event, canChooseChurch }: { event: EventDetails; canChooseChurch: boolean }) {
  const titleOrder = useHeadingLevel();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateEvent(event.id);
  const remove = useDeleteEvent();
  const publicLink = `${window.location.origin}${href.publicEvents(event.churchId)}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={titleOrder} size="h2">{event.name}</Title>
          <Badge color={event.status === 'active' ? 'blue.8' : 'gray.7'}>{t(`events.status.${event.status}`)}</Badge>
          <PublicBadge isPublic={event.isPublic} />
        </Group>
        <Group gap="xs">
          <Button component="a" href={calendarUrl(event.id)} download variant="light" leftSection={<IconCalendarPlus size={16} aria-hidden />}>
            {t('events.addToCalendar')}
          </Button>
          <ConfirmButton
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            confirm={{
              title: t('events.delete.title'),
              message: t('events.delete.body', { name: event.name, count: event.images.length }),
              confirmLabel: t('events.delete.confirm'),
              onConfirm: () =>
                remove.mutate(event.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('events.delete.done', { name: event.name }) });
                    navigate(paths.events);
                  },
                  onError: () => notifications.show({ color: 'red', message: t('events.delete.failed') }),
                }),
            }}
          >
            {t('events.delete.open')}
          </ConfirmButton>
        </Group>
      </Group>
      {event.isPublic && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={t('events.publicLink.title')}>
          <Stack gap={6}>
            <Text fw={600}>{t('events.publicLink.title')}</Text>
            <Text size="sm">{t('events.publicLink.body')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={href.publicEvents(event.churchId)} size="sm" style={{ wordBreak: 'break-all' }}>{publicLink}</Anchor>
              <CopyButton value={publicLink}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : undefined} leftSection={<IconCopy size={14} aria-hidden />} onClick={copy}>
                    {copied ? t('events.publicLink.copied') : t('events.publicLink.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <EventForm
          isNew={false}
          initial={eventValuesOf(event)}
          canChooseChurch={canChooseChurch}
          saving={update.isPending}
          error={update.error}
          saveLabel={t('events.form.save')}
          onCancel={() => navigate(paths.events)}
          onSubmit={(body) =>
            update.mutateAsync(body, {
              onSuccess: () => notifications.show({ color: 'green', message: t('events.form.saved') }),
              onError: (err) => {
                if (err instanceof ApiError && err.code === 'no_changes') notifications.show({ color: 'yellow', message: t('events.form.noChanges') });
              },
            })
          }
        />
      </Paper>
      <EventImagesCard event={event} />
    </Stack>
  );
}

export { EventPage as Component };
