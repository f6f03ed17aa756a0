import { and, eq } from 'drizzle-orm';
import {
  msg,
  scopeOf,
  type GoLiveBody,
  type ListenerSession,
  type MySession,
  type Sermon,
  type SermonByBroadcast,
  type SermonList,
  type Transcript,
} from '@app/shared';
import type { AppContext } from '../../context';
import { auditLog, churches, churchLanguages, sermons } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { AppError, badRequest, forbidden, notFound, unauthenticated } from '../../lib/errors';
import { newBroadcastId } from '../../lib/ids';
import type { Actor } from '../../lib/session';
import { joinLanguageOptions, loadJoinLanguages } from '../../live/rooms/join-languages';
import { announceLive } from '../../live/rooms/lobby-flow';
import { liveFor } from '../../live/live-service';
import { scheduledOfChurch } from '../schedule/service';
import { findSermon, listListenerRows, listMySessionRows, listSermonRows } from './queries';

/**
 * Sermon sessions (spec sections 3 and 4): going live, lists, ending and deleting, listeners,
 * transcripts. Routes declare the permission; the rules about which sermon live here.
 */

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** How long a live sermon's share-link answer is kept: its join count is the one figure that moves by itself. */
export const LIVE_COUNT_REFRESH_MS = 1000;

async function audit(ctx: AppContext, actor: Actor, churchId: string, action: string, sermonId: string, details?: object) {
  await ctx.db.insert(auditLog).values({ actorId: actor.id, churchId, action, targetType: 'sermon', targetId: sermonId, details: details ?? null });
}

/** A sermon the actor may see (their church's; any for a platform admin), else 404. */
async function visibleSermon(ctx: AppContext, actor: Actor, id: string): Promise<Sermon> {
  const sermon = await findSermon(ctx.db, eq(sermons.id, id));
  if (!sermon || !canReachChurch(actor, 'church:read', sermon.churchId)) throw notFound('Sermon');
  return sermon;
}

/** Listening: anyone when the church allows guests, else signed-in people of that church. */
export function assertMayListen(actor: Actor | null, church: { id: string; guestsMayListen: boolean }) {
  if (church.guestsMayListen) return;
  if (!actor) throw unauthenticated();
  if (!canReachChurch(actor, 'church:read', church.id)) throw notFound('Sermon');
}

export async function churchOf(ctx: AppContext, churchId: string) {
  const [church] = await ctx.db
    .select({ id: churches.id, name: churches.name, guestsMayListen: churches.guestsMayListen, limit: churches.weeklyStreamLimitMinutes })
    .from(churches)
    .where(eq(churches.id, churchId))
    .limit(1);
  return church ?? null;
}

/** The scheduled service a sermon starts, of the same church (another church's: 404). */
export async function goLive(ctx: AppContext, actor: Actor, body: GoLiveBody): Promise<Sermon> {
  if (!canReachChurch(actor, 'sermons:go-live', body.churchId)) throw notFound('Church');
  const church = await churchOf(ctx, body.churchId);
  if (!church) throw notFound('Church');

  const [offered] = await ctx.db
    .select({ id: churchLanguages.id })
    .from(churchLanguages)
    .where(and(eq(churchLanguages.churchId, church.id), eq(churchLanguages.list, 'go_live'), eq(churchLanguages.code, body.sourceLanguage)))
    .limit(1);
  if (!offered) {
    throw badRequest('Some fields are not valid', [
      { field: 'sourceLanguage', message: 'This church does not offer this spoken language. Choose one of its go-live languages.', key: msg('invalidChoice') },
    ]);
  }

  const live = liveFor(ctx);
  if ((await live.secondsLeft(church.id)) <= 0) {
    throw new AppError('stream_limit_reached', 403,
      `${church.name} has used all ${church.limit} streaming minutes for this week. The allowance starts again on Monday.`);
  }

  const scheduled = body.scheduledSermonId ? await scheduledOfChurch(ctx, church.id, body.scheduledSermonId) : null;
  const now = new Date(live.clock.now());
  let row: typeof sermons.$inferSelect | undefined;
  for (let attempt = 0; !row; attempt++) {
    try {
      [row] = await ctx.db.insert(sermons).values({
        broadcastId: newBroadcastId(),
        churchId: church.id,
        hostId: actor.id,
        sourceLanguage: body.sourceLanguage,
        status: 'live',
        startedAt: now,
        lastHeartbeatAt: now,
        scheduledSermonId: scheduled?.id ?? null,
      }).returning();
    } catch (err) {
      // A broadcast id collision (49 bits: rare); anything else is a real failure.
      if (attempt >= 3 || (err as { code?: string }).code !== '23505') throw err;
    }
  }
  await live.open(row);
  // Every process forgets the church's lobby before its lobbies are told (the same Redis stream);
  // the push carries what a phone needs to start, read once here (docs/decisions/034).
  live.publicAnswers.changed(church.id);
  announceLive(live, row, await sermonListenInfo(ctx, row.broadcastId));
  await audit(ctx, actor, church.id, 'sermon.go_live', row.id, { sourceLanguage: body.sourceLanguage, scheduledSermonId: scheduled?.id ?? null });
  return (await findSermon(ctx.db, eq(sermons.id, row.id)))!;
}

export async function listSermons(
  ctx: AppContext,
  actor: Actor,
  query: { status?: 'live' | 'ended'; churchId?: string; page: number; pageSize: number },
): Promise<SermonList> {
  // Everyone sees their own church's sermons; a platform admin any church's (or all).
  const own = churchFilter(actor, 'church:read');
  if (own && query.churchId && query.churchId !== own) throw notFound('Church');
  await liveFor(ctx).writer.flush();
  const { items, total } = await listSermonRows(ctx.db, { churchId: own ?? query.churchId ?? null, status: query.status }, query.page, query.pageSize);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function getSermon(ctx: AppContext, actor: Actor, id: string): Promise<Sermon> {
  await liveFor(ctx).writer.flush();
  return visibleSermon(ctx, actor, id);
}

/** The host (staff or church admin) stops their own sermon; a church admin or platform admin ends any. */
export async function endSermon(ctx: AppContext, actor: Actor, id: string): Promise<Sermon> {
  const sermon = await visibleSermon(ctx, actor, id);
  const isHost = sermon.hostId === actor.id && canReachChurch(actor, 'sermons:go-live', sermon.churchId);
  const isAdmin = canReachChurch(actor, 'sermons:end-any', sermon.churchId);
  if (!isHost && !isAdmin) throw forbidden('Only the speaker or a church administrator can end this sermon');
  if (sermon.status !== 'ended') {
    const reason = isHost ? 'stopped' : 'ended_by_admin';
    if (await liveFor(ctx).end(sermon.id, reason)) await audit(ctx, actor, sermon.churchId, 'sermon.end', sermon.id, { reason });
  }
  return (await findSermon(ctx.db, eq(sermons.id, id)))!;
}

export async function deleteSermon(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const sermon = await findSermon(ctx.db, eq(sermons.id, id));
  if (!sermon || !canReachChurch(actor, 'sermons:end-any', sermon.churchId)) throw notFound('Sermon');
  if (sermon.status !== 'ended') throw new AppError('conflict', 409, 'End the sermon before deleting it');
  await ctx.db.delete(sermons).where(eq(sermons.id, id));
  liveFor(ctx).publicAnswers.changed(sermon.churchId);
  await liveFor(ctx).tts.dropSermon(id);
  await audit(ctx, actor, sermon.churchId, 'sermon.delete', id);
}

/**
 * A sermon by its share link, as anyone who may listen reads it, from memory once read
 * (live/rooms/public-answers.ts, docs/decisions/034): every phone of a lobby asks for it within the same
 * second when the sermon goes live, and again after a reconnection. Its only figure that moves by
 * itself, the join count of a live sermon, is read again after LIVE_COUNT_REFRESH_MS.
 */
export function sermonListenInfo(ctx: AppContext, broadcastId: string): Promise<SermonByBroadcast | null> {
  return liveFor(ctx).publicAnswers.get(`sermon:${broadcastId}`, async () => {
    const sermon = await findSermon(ctx.db, eq(sermons.broadcastId, broadcastId));
    const church = sermon ? await churchOf(ctx, sermon.churchId) : null;
    if (!sermon || !church) return null;
    const { languages, hasSpeechKey, translator } = await joinLanguageOptions(ctx, church.id, sermon.sourceLanguage);
    return {
      value: { sermon, languages, hasSpeechKey, guestsMayListen: church.guestsMayListen, translator },
      churchId: church.id,
      expiresAt: sermon.status === 'ended' ? undefined : Date.now() + LIVE_COUNT_REFRESH_MS,
    };
  });
}

/** What a listener's screen needs before joining by share link. */
export async function sermonByBroadcast(ctx: AppContext, actor: Actor | null, broadcastId: string): Promise<SermonByBroadcast> {
  const info = await sermonListenInfo(ctx, broadcastId);
  if (!info) throw notFound('Sermon');
  assertMayListen(actor, { id: info.sermon.churchId, guestsMayListen: info.guestsMayListen });
  return info;
}

export async function listListeners(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: { page: number; pageSize: number },
): Promise<Page<ListenerSession>> {
  // Who listened is church analytics: its admins and staff (a member's scope is only themselves).
  if (scopeOf(actor.role, 'analytics:read') === 'self') {
    throw forbidden('Only church administrators and staff can see who listened');
  }
  const sermon = await findSermon(ctx.db, eq(sermons.id, id));
  if (!sermon || !canReachChurch(actor, 'analytics:read', sermon.churchId)) throw notFound('Sermon');
  await liveFor(ctx).writer.flush();
  const { items, total } = await listListenerRows(ctx.db, id, query.page, query.pageSize);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** The transcript in one language: stored translations, and any missing ones made now. */
export async function transcript(ctx: AppContext, actor: Actor | null, id: string, query: { lang: string; afterSeq: number }): Promise<Transcript> {
  const sermon = await findSermon(ctx.db, eq(sermons.id, id));
  const church = sermon ? await churchOf(ctx, sermon.churchId) : null;
  if (!sermon || !church) throw notFound('Sermon');
  assertMayListen(actor, church);
  const offered = await loadJoinLanguages(ctx.db, church.id, sermon.sourceLanguage);
  if (!offered.some((l) => l.code === query.lang)) {
    throw badRequest('Some fields are not valid', [{ field: 'lang', message: 'This language is not offered for this sermon', key: msg('invalidChoice') }]);
  }
  const captions = await liveFor(ctx).captions.captionsFor(sermon.id, query.lang, query.afterSeq, { churchId: church.id, sourceLanguage: sermon.sourceLanguage });
  return { sermonId: sermon.id, language: query.lang, status: sermon.status, captions };
}

export async function mySessions(ctx: AppContext, actor: Actor, query: { page: number; pageSize: number }): Promise<Page<MySession>> {
  await liveFor(ctx).writer.flush();
  const { items, total } = await listMySessionRows(ctx.db, actor.id, query.page, query.pageSize);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** A caption's synthesised voice (MP3), for whoever may listen to the sermon. */
export async function audioClip(
  ctx: AppContext,
  actor: Actor | null,
  params: { id: string; seq: number; lang: string; voice: 'male' | 'female' },
): Promise<Buffer> {
  const live = liveFor(ctx);
  const room = live.room(params.id);
  const churchId = room?.churchId ?? (await findSermon(ctx.db, eq(sermons.id, params.id)))?.churchId;
  const church = churchId ? await churchOf(ctx, churchId) : null;
  if (!church) throw notFound('Sermon');
  assertMayListen(actor, church);
  const clip = await live.captions.clip({ sermonId: params.id, seq: params.seq, language: params.lang, voice: params.voice });
  if (!clip) throw notFound('Voice clip');
  return clip;
}
