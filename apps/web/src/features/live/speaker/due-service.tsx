import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScheduledSermon } from '@app/shared';
import { useUpcomingServices } from '../../../lib/scheduled-sermons';
import { formattingLocale } from '../../../i18n/interface-language';

const HOUR_MS = 3_600_000;

/** The scheduled service due within the hour (or started up to an hour ago) and not yet live. */
export function dueService(items: ScheduledSermon[], now = Date.now()): ScheduledSermon | undefined {
  return items.find((s) => !s.sermonId && Math.abs(Date.parse(s.startsAt) - now) <= HOUR_MS);
}

/** "Start {title}": goes live for the service, in its spoken language, linked to it. */
export function DueServiceStart({ churchId, disabled, loading, onStart }: {
  churchId: string;
  disabled: boolean;
  loading: boolean;
  onStart: (service: ScheduledSermon) => void;
}) {
  const { t, i18n } = useTranslation();
  const services = useUpcomingServices(churchId, 5);
  const due = dueService(services.data?.items ?? []);
  if (!due) return null;
  const time = new Intl.DateTimeFormat(formattingLocale(i18n), { timeStyle: 'short', timeZone: due.timeZone }).format(new Date(due.startsAt));
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">{t('schedule.dueAt', { time })}</Text>
        <Button size="lg" onClick={() => onStart(due)} disabled={disabled} loading={loading} leftSection={<IconPlayerPlay size={20} />}>
          {t('schedule.startService', { title: due.title })}
        </Button>
      </Stack>
    </Paper>
  );
}
