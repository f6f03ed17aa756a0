import { AspectRatio, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconMapPin, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeadingLevel } from '../../../components/heading-level';
import { EventWhen } from './event-when';

export interface EventCardData {
  id: string;
  name: string;
  description: string;
  location: string | null;
  startsAt: string;
  endsAt: string | null;
  coverImageUrl: string | null;
}

/** One event as members and visitors see it: cover, when (church time), where, what. */
export function EventCard({ event, timeZone, calendarHref, extra }: { event: EventCardData; timeZone: string; calendarHref?: string; extra?: ReactNode }) {
  const order = useHeadingLevel(1);
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`event-${event.id}`}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {event.coverImageUrl ? (
            <Image src={event.coverImageUrl} alt={t('events.coverAlt', { name: event.name })} fit="cover" />
          ) : (
            <Group justify="center" bg="var(--mantine-color-gray-1)" c="dimmed" aria-hidden><IconPhoto size={40} /></Group>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={order} size="h4" id={`event-${event.id}`}>{event.name}</Title>
        <EventWhen startsAt={event.startsAt} endsAt={event.endsAt} timeZone={timeZone} size="sm" fw={500} />
        {event.location && (
          <Group gap={4} wrap="nowrap"><IconMapPin size={16} aria-hidden /><Text size="sm">{event.location}</Text></Group>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={6}>{event.description}</Text>
        <Group gap="xs" mt={4}>
          {calendarHref && (
            <Button component="a" href={calendarHref} download variant="light" size="xs" leftSection={<IconCalendarPlus size={16} aria-hidden />}
              aria-label={t('events.addToCalendarNamed', { name: event.name })}>
              {t('events.addToCalendar')}
            </Button>
          )}
          {extra}
        </Group>
      </Stack>
    </Card>
  );
}

export const PublicBadge = ({ isPublic }: { isPublic: boolean }) => {
  const { t } = useTranslation();
  // Filled, dark shades: light badges' text fails WCAG contrast on table rows.
  return isPublic ? <Badge color="teal.9">{t('events.public')}</Badge> : <Badge color="gray.7">{t('events.membersOnly')}</Badge>;
};
