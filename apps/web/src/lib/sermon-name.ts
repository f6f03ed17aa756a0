import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../i18n/interface-language';

/** What names a sermon: its scheduled service's title (decision 019), its preacher and when it began. */
export interface SermonNaming {
  title?: string | null;
  hostName: string | null;
  startedAt?: string | null;
}

/**
 * How a sermon is named where people pick or read one: the service's title with its date first,
 * the preacher second ("Culto de domingo · 22 de nov. de 2026 · Samuel Staff"). A preacher's name
 * alone repeats down a list of one church's sermons; the title and day tell them apart. Without a
 * title the preacher names it, and `withDate` adds the day for lists that show no date beside it.
 */
export function sermonName(s: SermonNaming, t: TFunction, locale: string, { withDate = true } = {}): string {
  const host = s.hostName ?? t('analytics.unknownSpeaker');
  const day = s.startedAt && withDate ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(s.startedAt)) : null;
  return (s.title ? [s.title, day, s.hostName] : [host, day]).filter(Boolean).join(' · ');
}

/** `sermonName` in the reader's language and date format. */
export function useSermonName(): (s: SermonNaming, opts?: { withDate?: boolean }) => string {
  const { t, i18n } = useTranslation();
  const locale = formattingLocale(i18n);
  return (s, opts) => sermonName(s, t, locale, opts);
}
