import { count, sql } from 'drizzle-orm';
import type { ChurchListItem } from '@app/shared';
import type { Db } from '../../db/client';
import { churches } from '../../db/schema';
import { humanOrder, type CsvColumn, type ListSource } from '../../lib/lists';
import { fileUrl } from '../../providers/storage/image-store';

// Per-church figures as correlated subqueries (columns written out with their table: inside a
// subquery an unqualified "id" would be the subquery's own): a page holds at most 100 churches, each answered
// from an index (users by church, sermons by church and start).
const memberCount = sql<number>`(select count(*)::int from users u where u.church_id = "churches"."id" and u.role = 'member')`;
const peopleCount = sql<number>`(select count(*)::int from users u where u.church_id = "churches"."id")`;
const isLive = sql<boolean>`exists (select 1 from sermons s where s.church_id = "churches"."id" and s.status = 'live')`;
// Monday 00:00 in the church's own time zone, as lib/church-week.ts counts it (ISO weeks start Monday).
const secondsThisWeek = sql<number>`(select coalesce(sum(s.charged_seconds), 0)::int from sermons s
  where s.church_id = "churches"."id"
    and s.started_at >= (date_trunc('week', now() at time zone "churches"."time_zone") at time zone "churches"."time_zone"))`;

const columns = {
  church: churches,
  memberCount,
  peopleCount,
  isLive,
  secondsThisWeek,
};

const selectChurches = (db: Db) => db.select(columns).from(churches).$dynamic();
type ChurchRow = Awaited<ReturnType<typeof selectChurches>>[number];

const round1 = (n: number) => Math.round(n * 10) / 10;

function toItem(row: ChurchRow): ChurchListItem {
  const c = row.church;
  return {
    id: c.id,
    name: c.name,
    suburb: c.suburb,
    state: c.state,
    memberCount: Number(row.memberCount),
    peopleCount: Number(row.peopleCount),
    isLive: Boolean(row.isLive),
    weeklyStreamLimitMinutes: c.weeklyStreamLimitMinutes,
    minutesUsedThisWeek: round1(Number(row.secondsThisWeek) / 60),
    timeZone: c.timeZone,
    imageUrl: c.imagePath ? fileUrl(c.imagePath) : null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** The churches list on the shared list machinery (decision 010). */
export const churchSource = (db: Db): ListSource<ReturnType<typeof selectChurches>, ChurchListItem> => ({
  rows: () => selectChurches(db),
  count: () => db.select({ n: count() }).from(churches).$dynamic(),
  sortable: {
    name: humanOrder(churches.name),
    suburb: humanOrder(churches.suburb),
    state: humanOrder(churches.state),
    memberCount,
    minutesUsedThisWeek: secondsThisWeek,
    createdAt: churches.createdAt,
  },
  defaultSort: 'name',
  tiebreak: churches.id,
  toItem,
});

export const churchCsvColumns: CsvColumn<ChurchListItem>[] = [
  { header: 'name', value: (c) => c.name },
  { header: 'suburb', value: (c) => c.suburb },
  { header: 'state', value: (c) => c.state },
  { header: 'members', value: (c) => c.memberCount },
  { header: 'people', value: (c) => c.peopleCount },
  { header: 'liveNow', value: (c) => c.isLive },
  { header: 'minutesUsedThisWeek', value: (c) => c.minutesUsedThisWeek },
  { header: 'weeklyStreamLimitMinutes', value: (c) => c.weeklyStreamLimitMinutes },
  { header: 'timeZone', value: (c) => c.timeZone },
  { header: 'createdAt', value: (c) => c.createdAt },
];
