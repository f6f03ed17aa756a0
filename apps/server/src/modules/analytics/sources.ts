import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListenerSession, NewUserItem, SalvationItem, SermonAnalyticsItem } from '@app/shared';
import type { Db } from '../../db/client';
import { churches, followUps, listenerSessions, salvations, scheduledSermons, sermons, users } from '../../db/schema';
import { humanOrder, type ListSource } from '../../lib/lists';

/** The analytics lists on the one list machinery (decision 010): rows, count, sort, item. */

const person = alias(users, 'person');
const assignee = alias(users, 'assignee');
const host = alias(users, 'host');

const fullName = (first: string | null, last: string | null) => (first === null ? null : [first, last].filter(Boolean).join(' '));
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `from` inclusive, `to` exclusive; a bare date is midnight UTC (the dashboard sends instants). */
export function dateWindow(col: Parameters<typeof gte>[0], f: { from?: string; to?: string }): SQL[] {
  return [f.from ? gte(col, new Date(f.from)) : undefined, f.to ? lt(col, new Date(f.to)) : undefined].filter((c): c is SQL => !!c);
}

// --- people who accepted Jesus ---------------------------------------------------------------
export const salvationName = sql<string | null>`coalesce(nullif(trim(${person.firstName} || ' ' || ${person.lastName}), ''), ${salvations.firstName})`;
export const salvationSearch = sql`f_unaccent(lower(coalesce(${person.firstName} || ' ' || ${person.lastName} || ' ' || coalesce(${person.email}, ''), '') || ' ' || coalesce(${salvations.firstName}, '') || ' ' || coalesce(${salvations.contact}, '')))`;

const salvationRows = (db: Db) =>
  db
    .select({
      s: salvations,
      name: salvationName,
      email: person.email,
      churchName: churches.name,
      sermonStartedAt: sermons.startedAt,
      hostFirst: host.firstName,
      hostLast: host.lastName,
      sermonTitle: scheduledSermons.title,
      followUpId: followUps.id,
      followUpStatus: followUps.status,
      assignedToId: followUps.assignedToId,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
    })
    .from(salvations)
    .leftJoin(person, eq(person.id, salvations.userId))
    .leftJoin(churches, eq(churches.id, salvations.churchId))
    .leftJoin(sermons, eq(sermons.id, salvations.sermonId))
    .leftJoin(host, eq(host.id, sermons.hostId))
    .leftJoin(scheduledSermons, eq(scheduledSermons.id, sermons.scheduledSermonId))
    .leftJoin(followUps, eq(followUps.salvationId, salvations.id))
    .leftJoin(assignee, eq(assignee.id, followUps.assignedToId))
    .$dynamic();

export const salvationSource = (db: Db): ListSource<ReturnType<typeof salvationRows>, SalvationItem> => ({
  rows: () => salvationRows(db),
  count: () => db.select({ n: count() }).from(salvations).leftJoin(person, eq(person.id, salvations.userId)).leftJoin(followUps, eq(followUps.salvationId, salvations.id)).$dynamic(),
  sortable: { createdAt: salvations.createdAt, language: salvations.language, name: humanOrder(salvationName), status: followUps.status },
  defaultSort: '-createdAt',
  tiebreak: salvations.id,
  // Sorting by name sorts every matching decision: on ids and names alone, not on six joins' rows.
  keys: () => db.select({ key: salvations.id }).from(salvations).leftJoin(person, eq(person.id, salvations.userId)).leftJoin(followUps, eq(followUps.salvationId, salvations.id)).$dynamic(),
  keyOf: (r) => r.s.id,
  toItem: (r) => ({
    id: r.s.id,
    name: r.name,
    contact: r.s.contact ?? r.email,
    isGuest: r.s.userId === null,
    language: r.s.language,
    createdAt: r.s.createdAt.toISOString(),
    churchId: r.s.churchId,
    churchName: r.churchName,
    sermonId: r.s.sermonId,
    sermonStartedAt: iso(r.sermonStartedAt),
    sermonHostName: fullName(r.hostFirst, r.hostLast),
    sermonTitle: r.sermonTitle,
    followUpId: r.followUpId,
    followUpStatus: r.followUpStatus,
    assignedToId: r.assignedToId,
    assignedToName: fullName(r.assigneeFirst, r.assigneeLast),
  }),
});

// --- new users -------------------------------------------------------------------------------
const newUserRows = (db: Db) =>
  db.select({ u: users, churchName: churches.name }).from(users).leftJoin(churches, eq(churches.id, users.churchId)).$dynamic();

export const newUserSource = (db: Db): ListSource<ReturnType<typeof newUserRows>, NewUserItem> => ({
  rows: () => newUserRows(db),
  count: () => db.select({ n: count() }).from(users).$dynamic(),
  sortable: { createdAt: users.createdAt, name: humanOrder(sql`${users.firstName} || ' ' || ${users.lastName}`), email: users.email, churchName: humanOrder(churches.name) },
  defaultSort: '-createdAt',
  tiebreak: users.id,
  toItem: ({ u, churchName }) => ({
    id: u.id,
    name: fullName(u.firstName, u.lastName)!,
    email: u.email,
    churchName,
    primaryLanguage: u.primaryLanguage,
    acceptedJesus: u.acceptedJesus,
    createdAt: u.createdAt.toISOString(),
  }),
});

// --- sermons with their listener counts -------------------------------------------------------
/** Per-language listeners and minutes of one sermon, read through listener_sessions_sermon_idx. */
const languageCounts = sql<Array<{ language: string; listeners: number; seconds: number }>>`(
  select coalesce(json_agg(x order by x.listeners desc, x.language), '[]'::json) from (
    select l.language, count(*)::int as listeners,
      coalesce(sum(coalesce(l.duration_seconds, greatest(0, extract(epoch from (coalesce(l.ended_at, now()) - l.started_at)))::int)), 0)::int as seconds
    from listener_sessions l where l.sermon_id = ${sermons.id} group by l.language
  ) x)`;

const sermonRows = (db: Db) =>
  db
    .select({ s: sermons, churchName: churches.name, hostFirst: host.firstName, hostLast: host.lastName, title: scheduledSermons.title, languages: languageCounts })
    .from(sermons)
    .leftJoin(churches, eq(churches.id, sermons.churchId))
    .leftJoin(host, eq(host.id, sermons.hostId))
    .leftJoin(scheduledSermons, eq(scheduledSermons.id, sermons.scheduledSermonId))
    .$dynamic();

type SermonRow = Awaited<ReturnType<typeof sermonRows>>[number];

export function toSermonAnalytics(r: SermonRow): SermonAnalyticsItem {
  const languages = (typeof r.languages === 'string' ? JSON.parse(r.languages) : r.languages) as Array<{ language: string; listeners: number; seconds: number }>;
  return {
    id: r.s.id,
    broadcastId: r.s.broadcastId,
    churchId: r.s.churchId,
    churchName: r.churchName,
    hostId: r.s.hostId,
    hostName: fullName(r.hostFirst, r.hostLast),
    title: r.title,
    sourceLanguage: r.s.sourceLanguage,
    status: r.s.status,
    startedAt: r.s.startedAt.toISOString(),
    endedAt: iso(r.s.endedAt),
    durationSeconds: r.s.durationSeconds,
    listenersJoined: r.s.listenersJoined,
    listeners: languages.reduce((a, l) => a + l.listeners, 0),
    listenersByLanguage: languages.map((l) => ({ language: l.language, listeners: l.listeners, minutes: Math.round(l.seconds / 60) })),
  };
}

export const sermonSource = (db: Db): ListSource<ReturnType<typeof sermonRows>, SermonAnalyticsItem> => ({
  rows: () => sermonRows(db),
  count: () => db.select({ n: count() }).from(sermons).leftJoin(churches, eq(churches.id, sermons.churchId)).$dynamic(),
  sortable: { startedAt: sermons.startedAt, endedAt: sermons.endedAt, durationSeconds: sermons.durationSeconds, churchName: humanOrder(churches.name) },
  defaultSort: '-startedAt',
  tiebreak: sermons.id,
  toItem: toSermonAnalytics,
});

export const sermonStatusIs = (status: 'live' | 'ended' | undefined): SQL | undefined =>
  status === 'live' ? inArray(sermons.status, ['live', 'paused']) : status === 'ended' ? eq(sermons.status, 'ended') : undefined;

export const sermonRowsFor = sermonRows;

// --- listeners of one sermon ------------------------------------------------------------------
const listenerRows = (db: Db) =>
  db.select({ l: listenerSessions, first: users.firstName, last: users.lastName, email: users.email }).from(listenerSessions).leftJoin(users, eq(users.id, listenerSessions.userId)).$dynamic();

export const listenerSource = (db: Db): ListSource<ReturnType<typeof listenerRows>, ListenerSession> => ({
  rows: () => listenerRows(db),
  count: () => db.select({ n: count() }).from(listenerSessions).leftJoin(users, eq(users.id, listenerSessions.userId)).$dynamic(),
  sortable: { startedAt: listenerSessions.startedAt, durationSeconds: listenerSessions.durationSeconds, language: listenerSessions.language, name: humanOrder(sql`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`) },
  defaultSort: 'startedAt',
  tiebreak: listenerSessions.id,
  // Guests are anonymous listeners: no name, no email.
  toItem: ({ l, first, last, email }) => ({
    id: l.id,
    userId: l.userId,
    name: fullName(first, last),
    email,
    isGuest: l.userId === null,
    language: l.language,
    startedAt: l.startedAt.toISOString(),
    endedAt: iso(l.endedAt),
    durationSeconds: l.durationSeconds,
    status: l.status,
  }),
});

export const all = (conds: Array<SQL | undefined>) => and(...conds.filter((c): c is SQL => c !== undefined));
