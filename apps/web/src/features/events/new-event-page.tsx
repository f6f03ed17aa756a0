import { Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../config/paths';
import { useCreateEvent } from './api/save-event';
import { emptyEvent } from './components/event-form-values';
import { EventForm } from './components/event-form';
import { useViewerRole } from './use-viewer-role';

/** `/events/new`: the event first; its images are added on the event's page that opens next. */
export function NewEventPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewerRole();
  const create = useCreateEvent();
  const isPlatform = viewer.role === 'platform_admin';
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack>
        <Text c="dimmed">{t('events.form.newIntro')}</Text>
        <EventForm
          isNew
          initial={emptyEvent(isPlatform ? '' : (viewer.churchId ?? ''))}
          canChooseChurch={isPlatform}
          saving={create.isPending}
          error={create.error}
          saveLabel={t('events.form.create')}
          onCancel={() => navigate(paths.events)}
          onSubmit={async (body) => {
            const event = await create.mutateAsync(body);
            notifications.show({ color: 'green', message: t('events.form.created', { name: event.name }) });
            navigate(href.event(event.id));
          }}
        />
      </Stack>
    </Paper>
  );
}

export { NewEventPage as Component };
