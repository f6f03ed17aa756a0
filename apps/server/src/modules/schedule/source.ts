import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ScheduledSermon, scheduledSermonListQuery } from '@app/shared';
import type { Db } from '../../db/client';
import { churches, scheduledSermons, users } from '../../db/schema';
import { humanOrder, searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';

const speakerName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
// The sermon that went live for the service (the newest, should a speaker have restarted).
const sermonId = sql<string | null>`(select s.id from sermons s where s.scheduled_sermon_id = "scheduled_sermons"."id" order by s.started_at desc limit 1)`;

export const selectScheduled = (db: Db) =>
  db
    .select({ row: scheduledSermons, timeZone: churches.timeZone, speakerName, sermonId })
    .from(scheduledSermons)
    .innerJoin(churches, eq(churches.id, scheduledSermons.churchId))
    .leftJoin(users, eq(users.id, scheduledSermons.speakerId))
    .$dynamic();
type Row = Awaited<ReturnType<typeof selectScheduled>>[number];

export function toScheduled(r: Row): ScheduledSermon {
  return {
    id: r.row.id,
    churchId: r.row.churchId,
    title: r.row.title,
    startsAt: r.row.startsAt.toISOString(),
    sourceLanguage: r.row.sourceLanguage,
    speakerId: r.row.speakerId,
    speakerName: r.speakerName,
    sermonId: r.sermonId,
    timeZone: r.timeZone,
    createdAt: r.row.createdAt.toISOString(),
  };
}

/** Scheduled services on the shared list machinery; soonest first. */
export const scheduledSource = (db: Db): ListSource<ReturnType<typeof selectScheduled>, ScheduledSermon> => ({
  rows: () => selectScheduled(db),
  count: () => db.select({ n: count() }).from(scheduledSermons).$dynamic(),
  sortable: { startsAt: scheduledSermons.startsAt, title: humanOrder(scheduledSermons.title), createdAt: scheduledSermons.createdAt },
  defaultSort: 'startsAt',
  tiebreak: scheduledSermons.id,
  toItem: toScheduled,
});

type ListQuery = z.output<typeof scheduledSermonListQuery>;

/** `from` inclusive, `to` exclusive; `churchScope` is the actor's church unless they may see every church. */
export function scheduledFilters(q: ListQuery, churchScope: string | null): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchScope ? eq(scheduledSermons.churchId, churchScope) : undefined,
    q.churchId ? eq(scheduledSermons.churchId, q.churchId) : undefined,
    q.from ? gte(scheduledSermons.startsAt, new Date(q.from)) : undefined,
    q.to ? lt(scheduledSermons.startsAt, new Date(q.to)) : undefined,
    searchMatches(humanOrder(scheduledSermons.title), q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

export const scheduledCsvColumns: CsvColumn<ScheduledSermon>[] = [
  { header: 'title', value: (s) => s.title },
  { header: 'startsAt', value: (s) => s.startsAt },
  { header: 'timeZone', value: (s) => s.timeZone },
  { header: 'sourceLanguage', value: (s) => s.sourceLanguage },
  { header: 'speaker', value: (s) => s.speakerName },
];
