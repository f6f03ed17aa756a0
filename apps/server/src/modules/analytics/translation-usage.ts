import { and, desc, asc, eq, gte, sql } from 'drizzle-orm';
import { usageUnitOf, type TranslationUsageQuery, type TranslationUsageResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translationUsageQuery, translationUsageResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, recognitionUsage, sermons, translationUsage } from '../../db/schema';
import { canReachChurch, requireActor } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { usageMeterOf, weekStartDate } from '../../providers/translation/usage-meter';

const DAY_MS = 86_400_000;

/** The Monday `weeks - 1` weeks before this one, as a date in the time zone. */
function firstWeek(timeZone: string, weeks: number): string {
  const monday = Date.parse(`${weekStartDate(timeZone)}T00:00:00Z`);
  return new Date(monday - (weeks - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The cost view (decision 033): what each engine was sent per week, partial and final lines
 * apart. Church administrators see their own church (another church's id answers 404); platform
 * administrators every church, or one with `churchId`.
 */
export async function translationUsageReport(ctx: AppContext, actor: Actor, q: TranslationUsageQuery & { weeks: number }): Promise<TranslationUsageResponse> {
  const churchId = actor.role === 'platform_admin' ? q.churchId : q.churchId ?? actor.churchId ?? undefined;
  if (churchId && !canReachChurch(actor, 'church:edit', churchId)) throw notFound('Church');
  if (!churchId && actor.role !== 'platform_admin') throw notFound('Church');
  let timeZone = 'Australia/Sydney';
  if (churchId) {
    const [church] = await ctx.db.select({ timeZone: churches.timeZone }).from(churches).where(eq(churches.id, churchId)).limit(1);
    if (!church) throw notFound('Church');
    timeZone = church.timeZone;
  }
  // What this process counted in the last few seconds is part of the answer.
  await usageMeterOf(ctx).flush();
  const u = translationUsage;
  const rows = await ctx.db
    .select({
      churchId: u.churchId, churchName: churches.name, weekStart: u.weekStart, engine: u.engine,
      partialUnits: sql<number>`coalesce(sum(${u.units}) filter (where ${u.purpose} = 'partial'), 0)::bigint`.mapWith(Number),
      finalUnits: sql<number>`coalesce(sum(${u.units}) filter (where ${u.purpose} = 'final'), 0)::bigint`.mapWith(Number),
      requests: sql<number>`sum(${u.requests})::int`.mapWith(Number),
      failures: sql<number>`sum(${u.failures})::int`.mapWith(Number),
    })
    .from(u)
    .innerJoin(churches, eq(churches.id, u.churchId))
    .where(and(gte(u.weekStart, firstWeek(timeZone, q.weeks)), churchId ? eq(u.churchId, churchId) : undefined))
    .groupBy(u.churchId, churches.name, u.weekStart, u.engine)
    .orderBy(desc(u.weekStart), asc(churches.name), asc(u.engine));
  const recognition = await recognitionRows(ctx, churchId, firstWeek(timeZone, q.weeks));
  return { rows: rows.map((r) => ({ ...r, unit: usageUnitOf(r.engine) })), recognition };
}

/** A screen's worth of sermons: the newest first. */
const MAX_SERMON_ROWS = 500;

/** Minutes each recognition engine heard per sermon, over the same weeks (decision 038). */
async function recognitionRows(ctx: AppContext, churchId: string | undefined, fromWeek: string) {
  const r = recognitionUsage;
  const rows = await ctx.db
    .select({ sermonId: r.sermonId, churchId: r.churchId, churchName: churches.name, startedAt: sermons.startedAt, engine: r.engine, seconds: r.seconds, failures: r.failures })
    .from(r)
    .innerJoin(sermons, eq(sermons.id, r.sermonId))
    .innerJoin(churches, eq(churches.id, r.churchId))
    .where(and(gte(r.weekStart, fromWeek), churchId ? eq(r.churchId, churchId) : undefined))
    .orderBy(desc(sermons.startedAt), asc(r.engine))
    .limit(MAX_SERMON_ROWS);
  return rows.map(({ seconds, startedAt, ...row }) => ({ ...row, startedAt: startedAt.toISOString(), minutes: Math.round(seconds / 6) / 10 }));
}

export async function translationUsageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/analytics/translation-usage', {
    schema: {
      tags: ['analytics'],
      summary: 'Characters (tokens for a model) sent to each translation engine per week, partial and final lines apart; minutes each recognition engine heard per sermon',
      description: 'Church administrators: their own church. Platform administrators: every church, or `churchId`.',
      querystring: translationUsageQuery,
      response: { 200: translationUsageResponse },
    },
    // Who manages a church's engines sees what they cost.
    config: { requires: 'church:edit' },
  }, async (req) => translationUsageReport(ctx, requireActor(req), req.query));
}
