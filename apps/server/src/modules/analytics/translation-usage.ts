import { and, desc, asc, eq, gte, sql } from 'drizzle-orm';
import { usageUnitOf, type TranslationUsageQuery, type TranslationUsageResponse } from '@app/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translationUsageQuery, translationUsageResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, recognitionUsage, sermons, translationUsage, voiceUsage } from '../../db/schema';
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
  const from = firstWeek(timeZone, q.weeks);
  const [recognition, voice] = await Promise.all([recognitionRows(ctx, churchId, from), voiceRows(ctx, churchId, from)]);
  return { rows: rows.map((r) => ({ ...r, unit: usageUnitOf(r.engine) })), recognition, voice };
}

/** A screen's worth of sermons: the newest first. */
const MAX_SERMON_ROWS = 500;

/**
 * What each engine of a per-sermon usage table was sent, per sermon, over the same weeks: seconds of
 * audio heard (recognition, decision 038) or characters spoken (voice, decision 040).
 */
async function perSermonRows(ctx: AppContext, table: typeof recognitionUsage | typeof voiceUsage, amount: AnyPgColumn, churchId: string | undefined, fromWeek: string) {
  // The two tables share these columns; drizzle cannot follow a union of tables.
  const u = table as typeof recognitionUsage;
  return ctx.db
    .select({ sermonId: u.sermonId, churchId: u.churchId, churchName: churches.name, startedAt: sermons.startedAt, engine: u.engine, amount: sql<number>`${amount}`.mapWith(Number), failures: u.failures })
    .from(u)
    .innerJoin(sermons, eq(sermons.id, u.sermonId))
    .innerJoin(churches, eq(churches.id, u.churchId))
    .where(and(gte(u.weekStart, fromWeek), churchId ? eq(u.churchId, churchId) : undefined))
    .orderBy(desc(sermons.startedAt), asc(u.engine))
    .limit(MAX_SERMON_ROWS);
}

async function recognitionRows(ctx: AppContext, churchId: string | undefined, fromWeek: string) {
  const rows = await perSermonRows(ctx, recognitionUsage, recognitionUsage.seconds, churchId, fromWeek);
  return rows.map(({ amount, startedAt, ...row }) => ({ ...row, startedAt: startedAt.toISOString(), minutes: Math.round(amount / 6) / 10 }));
}

async function voiceRows(ctx: AppContext, churchId: string | undefined, fromWeek: string) {
  const rows = await perSermonRows(ctx, voiceUsage, voiceUsage.characters, churchId, fromWeek);
  return rows.map(({ amount, startedAt, ...row }) => ({ ...row, startedAt: startedAt.toISOString(), characters: amount }));
}

export async function translationUsageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/analytics/translation-usage', {
    schema: {
      tags: ['analytics'],
      summary: 'Characters (tokens for a model) sent to each translation engine per week, partial and final lines apart; minutes each recognition engine heard and characters each voice engine spoke, per sermon',
      description: 'Church administrators: their own church. Platform administrators: every church, or `churchId`.',
      querystring: translationUsageQuery,
      response: { 200: translationUsageResponse },
    },
    // Who manages a church's engines sees what they cost.
    config: { requires: 'church:edit' },
  }, async (req) => translationUsageReport(ctx, requireActor(req), req.query));
}
