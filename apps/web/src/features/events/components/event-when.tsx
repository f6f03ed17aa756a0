import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../../../i18n/interface-language';

/** "Saturday, 14 March 2026, 19:00 – 21:00" in the reader's language and the church's time zone. */
export function formatEventTime(startsAt: string, endsAt: string | null, timeZone: string, language: string): string {
  const full = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'full', timeStyle: 'short' });
  const start = new Date(startsAt);
  if (!endsAt) return full.format(start);
  // formatRange drops the repeated date when the event ends the same day.
  return full.formatRange(start, new Date(endsAt));
}

/** The city of a zone, for "(Perth time)". */
export const zoneCity = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/** When an event happens, always in its church's time zone, with the zone named. */
export function EventWhen({ startsAt, endsAt, timeZone, ...props }: { startsAt: string; endsAt: string | null; timeZone: string } & TextProps) {
  const { t, i18n } = useTranslation();
  return (
    <Text {...props}>
      {formatEventTime(startsAt, endsAt, timeZone, formattingLocale(i18n))}{' '}
      <Text span c="dimmed" size="sm">{t('events.zoneTime', { city: zoneCity(timeZone) })}</Text>
    </Text>
  );
}
