import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  scopeOf,
  type listenerListQuery,
  type MyDashboard,
  type newUserListQuery,
  type Permission,
  type salvationListQuery,
  type sermonAnalyticsListQuery,
  type SermonDetail,
  type Summary,
  type summaryQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { events, listenerSessions, salvations, sermons, users } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { forbidden, notFound } from '../../lib/errors';
import { listAll, listPage, searchMatches } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { liveFor } from '../../live/live-service';
import { findSermon, listMySessionRows, listSermonRows } from '../sermons/queries';
import {
  all,
  dateWindow,
  listenerSource,
  newUserSource,
  salvationSearch,
  salvationSource,
  sermonRowsFor,
  sermonSource,
  sermonStatusIs,
  toSermonAnalytics,
} from './sources';
import { buildSummary } from './summary';
import { resolveRange, timeZoneOf } from './time-range';

/** Church analytics are for admins and staff; a member's analytics scope is only themselves. */
function churchScope(actor: Actor, permission: Permission, wanted?: string): string | null {
  if (scopeOf(actor.role, permission) === 'self') throw forbidden('Only church administrators and staff can see church analytics');
  const own = churchFilter(actor, permission);
  // Another church's figures answer 404, never 403 (ARCHITECTURE.md section 4).
  if (own && wanted && wanted !== own) throw notFound('Church');
  return own ?? wanted ?? null;
}

export async function summary(ctx: AppContext, actor: Actor, q: z.output<typeof summaryQuery>, now = new Date()): Promise<Summary> {
  const churchId = churchScope(actor, 'analytics:read', q.churchId);
  if (churchId && !(await timeZoneExists(ctx, churchId))) throw notFound('Church');
  await liveFor(ctx).writer.flush();
  // The all-churches view reads days in the platform admin's own church's zone, else Sydney's.
  const timeZone = await timeZoneOf(ctx.db, churchId ?? actor.churchId);
  const range = await resolveRange(ctx.db, q, timeZone, now);
  return buildSummary(ctx.db, churchId, range, now);
}

async function timeZoneExists(ctx: AppContext, churchId: string) {
  const rows = await ctx.db.execute<{ id: string }>(sql`select id from churches where id = ${churchId}`);
  return rows.rows.length > 0;
}

type SalvationQuery = z.output<typeof salvationListQuery>;
const salvationWhere = (actor: Actor, q: SalvationQuery) => {
  const churchId = churchScope(actor, 'salvations:read', q.churchId);
  return all([
    churchId ? eq(salvations.churchId, churchId) : undefined,
    ...dateWindow(salvations.createdAt, q),
    q.status ? sql`follow_ups.status = ${q.status}` : undefined,
    searchMatches(salvationSearch, q.q),
  ]);
};
export const listSalvations = (ctx: AppContext, actor: Actor, q: SalvationQuery) => listPage(salvationSource(ctx.db), q, salvationWhere(actor, q));
export const allSalvations = (ctx: AppContext, actor: Actor, q: SalvationQuery) => listAll(salvationSource(ctx.db), q.sort, salvationWhere(actor, q));

type NewUserQuery = z.output<typeof newUserListQuery>;
const newUserWhere = (actor: Actor, q: NewUserQuery) => {
  const churchId = churchScope(actor, 'analytics:read', q.churchId);
  // People an import brought in are the church's roster, not its new members (decision 052).
  return all([eq(users.role, 'member'), isNull(users.importedAt), churchId ? eq(users.churchId, churchId) : undefined, ...dateWindow(users.createdAt, q), searchMatches(users.searchText, q.q)]);
};
export const listNewUsers = (ctx: AppContext, actor: Actor, q: NewUserQuery) => listPage(newUserSource(ctx.db), q, newUserWhere(actor, q));
export const allNewUsers = (ctx: AppContext, actor: Actor, q: NewUserQuery) => listAll(newUserSource(ctx.db), q.sort, newUserWhere(actor, q));

type SermonQuery = z.output<typeof sermonAnalyticsListQuery>;
// Preacher, church and the service's title (decision 019), read by subqueries so the count, which
// joins none of them, matches exactly the rows listed.
const hostSearch = sql`f_unaccent(lower(concat_ws(' ',
  (select h.first_name || ' ' || h.last_name from users h where h.id = ${sermons.hostId}),
  (select c.name from churches c where c.id = ${sermons.churchId}),
  (select ss.title from scheduled_sermons ss where ss.id = ${sermons.scheduledSermonId}))))`;
const sermonWhere = (actor: Actor, q: SermonQuery) => {
  const churchId = churchScope(actor, 'analytics:read', q.churchId);
  return all([churchId ? eq(sermons.churchId, churchId) : undefined, sermonStatusIs(q.status), ...dateWindow(sermons.startedAt, q), searchMatches(hostSearch, q.q)]);
};
export async function listAnalyticsSermons(ctx: AppContext, actor: Actor, q: SermonQuery) {
  const where = sermonWhere(actor, q);
  await liveFor(ctx).writer.flush();
  return listPage(sermonSource(ctx.db), q, where);
}
export const allAnalyticsSermons = (ctx: AppContext, actor: Actor, q: SermonQuery) => listAll(sermonSource(ctx.db), q.sort, sermonWhere(actor, q));

/** A sermon of a church the actor's analytics reach, else 404. */
async function reachableSermon(ctx: AppContext, actor: Actor, id: string) {
  if (scopeOf(actor.role, 'analytics:read') === 'self') throw forbidden('Only church administrators and staff can see who listened');
  const [row] = await sermonRowsFor(ctx.db).where(eq(sermons.id, id)).limit(1);
  if (!row || !canReachChurch(actor, 'analytics:read', row.s.churchId)) throw notFound('Sermon');
  return row;
}

type ListenerQuery = z.output<typeof listenerListQuery>;
const listenerSearch = sql`f_unaccent(lower(coalesce(users.first_name || ' ' || users.last_name || ' ' || coalesce(users.email, ''), '')))`;
const listenerWhere = (q: ListenerQuery) => all([eq(listenerSessions.sermonId, q.sermonId), searchMatches(listenerSearch, q.q)]);
export async function listSermonListeners(ctx: AppContext, actor: Actor, q: ListenerQuery) {
  await reachableSermon(ctx, actor, q.sermonId);
  await liveFor(ctx).writer.flush();
  return listPage(listenerSource(ctx.db), q, listenerWhere(q));
}
export async function* allSermonListeners(ctx: AppContext, actor: Actor, q: ListenerQuery) {
  await reachableSermon(ctx, actor, q.sermonId);
  yield* listAll(listenerSource(ctx.db), q.sort, listenerWhere(q));
}

export async function sermonDetail(ctx: AppContext, actor: Actor, id: string): Promise<SermonDetail> {
  await liveFor(ctx).writer.flush();
  const row = await reachableSermon(ctx, actor, id);
  const item = toSermonAnalytics(row);
  const decisions = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from salvations where sermon_id = ${id}`);
  return {
    ...item,
    minutesCharged: Math.ceil(row.s.chargedSeconds / 60),
    listenerMinutes: item.listenersByLanguage.reduce((a, l) => a + l.minutes, 0),
    salvations: Number(decisions.rows[0]?.n ?? 0),
    transcriptLanguages: [...new Set([item.sourceLanguage, ...item.listenersByLanguage.map((l) => l.language)])],
  };
}

const RECENT = 5;

/** Staff: the church's sermons today and their own recent ones; members: today's live ones, events, listening. */
export async function myDashboard(ctx: AppContext, actor: Actor, now = new Date()): Promise<MyDashboard> {
  await liveFor(ctx).writer.flush();
  const timeZone = await timeZoneOf(ctx.db, actor.churchId);
  const isMember = actor.role === 'member';
  const today = await resolveRange(ctx.db, { range: 'custom', from: localDate(now, timeZone), to: localDate(now, timeZone) }, timeZone, now);
  const [todayRows, mine, upcoming, listening, me] = await Promise.all([
    actor.churchId
      ? listSermonRows(ctx.db, { churchId: actor.churchId, status: isMember ? 'live' : undefined }, 1, 20).then((r) => r.items.filter((s) => new Date(s.startedAt) >= today.from || s.status !== 'ended'))
      : Promise.resolve([]),
    isMember ? Promise.resolve([]) : recentHosted(ctx, actor.id),
    actor.churchId
      ? ctx.db.select({ id: events.id, name: events.name, startsAt: events.startsAt, isPublic: events.isPublic }).from(events)
        .where(and(eq(events.churchId, actor.churchId), gte(events.startsAt, now))).orderBy(events.startsAt).limit(RECENT)
      : Promise.resolve([]),
    listMySessionRows(ctx.db, actor.id, 1, RECENT),
    ctx.db.select({ at: users.acceptedJesusAt }).from(users).where(eq(users.id, actor.id)).limit(1),
  ]);
  return {
    timeZone,
    todaySermons: todayRows,
    mySermons: mine,
    nextEvents: upcoming.map((e) => ({ ...e, startsAt: e.startsAt.toISOString() })),
    recentListening: listening.items,
    acceptedJesusAt: me[0]?.at?.toISOString() ?? null,
  };
}

async function recentHosted(ctx: AppContext, hostId: string) {
  const rows = await ctx.db.select({ id: sermons.id }).from(sermons).where(eq(sermons.hostId, hostId)).orderBy(desc(sermons.startedAt)).limit(RECENT);
  if (rows.length === 0) return [];
  const found = await Promise.all(rows.map((r) => findSermon(ctx.db, eq(sermons.id, r.id))));
  return found.filter((s) => s !== null);
}

/** Today's date (YYYY-MM-DD) on the wall calendar of `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

