import type { TFunction } from 'i18next';
import type { BackupEntry } from '@app/shared';

/** A file size as people read it: kB, MB or GB in the reader's language. */
export function formatSize(bytes: number | null, language: string): string {
  if (bytes === null) return '—';
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'gigabyte'] : bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : [Math.max(bytes, 1) / 1e3, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export const formatWhen = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const stateColor: Record<BackupEntry['state'], string> = { running: 'blue', good: 'green', failed: 'red' };

/**
 * Who or what started it: the person who pressed "Back up now", the schedule, the server catching
 * up on the day's backup when it started after the daily time (its first backup is one), or the
 * command on the server.
 */
export const triggerLabel = (entry: BackupEntry, t: TFunction) =>
  entry.startedBy ? entry.startedBy
    : entry.catchUp ? t('backups.triggers.catchUp')
      : entry.trigger ? t(`backups.triggers.${entry.trigger}`) : t('backups.triggers.unknown');
