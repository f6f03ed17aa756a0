import type { ListenerSession, NewUserItem, SalvationItem, SermonAnalyticsItem } from '@app/shared';
import type { CsvColumn } from '../../lib/lists';

/** CSV columns of the analytics lists: the JSON names, one row per item. */
export const salvationCsvColumns: CsvColumn<SalvationItem>[] = [
  { header: 'createdAt', value: (s) => s.createdAt },
  { header: 'name', value: (s) => s.name ?? 'anonymous' },
  { header: 'contact', value: (s) => s.contact },
  { header: 'language', value: (s) => s.language },
  { header: 'church', value: (s) => s.churchName },
  { header: 'sermonTitle', value: (s) => s.sermonTitle ?? null },
  { header: 'sermonStartedAt', value: (s) => s.sermonStartedAt },
  { header: 'sermonHost', value: (s) => s.sermonHostName },
  { header: 'followUpStatus', value: (s) => s.followUpStatus },
  { header: 'assignedTo', value: (s) => s.assignedToName },
];

export const newUserCsvColumns: CsvColumn<NewUserItem>[] = [
  { header: 'createdAt', value: (u) => u.createdAt },
  { header: 'name', value: (u) => u.name },
  { header: 'email', value: (u) => u.email },
  { header: 'church', value: (u) => u.churchName },
  { header: 'primaryLanguage', value: (u) => u.primaryLanguage },
  { header: 'acceptedJesus', value: (u) => u.acceptedJesus },
];

export const sermonCsvColumns: CsvColumn<SermonAnalyticsItem>[] = [
  { header: 'title', value: (s) => s.title ?? null },
  { header: 'startedAt', value: (s) => s.startedAt },
  { header: 'endedAt', value: (s) => s.endedAt },
  { header: 'durationSeconds', value: (s) => s.durationSeconds },
  { header: 'church', value: (s) => s.churchName },
  { header: 'host', value: (s) => s.hostName },
  { header: 'spokenLanguage', value: (s) => s.sourceLanguage },
  { header: 'status', value: (s) => s.status },
  { header: 'listeners', value: (s) => s.listeners },
  { header: 'listenersByLanguage', value: (s) => s.listenersByLanguage.map((l) => `${l.language}:${l.listeners}`).join(' ') },
];

export const listenerCsvColumns: CsvColumn<ListenerSession>[] = [
  { header: 'name', value: (l) => l.name ?? 'anonymous' },
  { header: 'email', value: (l) => l.email },
  { header: 'language', value: (l) => l.language },
  { header: 'startedAt', value: (l) => l.startedAt },
  { header: 'endedAt', value: (l) => l.endedAt },
  { header: 'durationSeconds', value: (l) => l.durationSeconds },
  { header: 'status', value: (l) => l.status },
];
