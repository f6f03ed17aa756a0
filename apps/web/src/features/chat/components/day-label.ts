import type { TFunction } from 'i18next';

export const sameDay = (a: string, b: string) => new Date(a).toDateString() === new Date(b).toDateString();

/** "Today", "Yesterday", or the date in the reader's language. */
export function dayLabel(iso: string, language: string, t: TFunction): string {
  const day = new Date(iso);
  const today = new Date();
  if (day.toDateString() === today.toDateString()) return t('chat.today');
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  if (day.toDateString() === yesterday.toDateString()) return t('chat.yesterday');
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'long', year: day.getFullYear() === today.getFullYear() ? undefined : 'numeric' }).format(day);
}
