import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { LIVE_NAMESPACE, LOBBY_UPCOMING, type LobbyInfo, type LobbyWaiting } from '@app/shared';
import type { Server } from 'socket.io';
import type { AppContext } from '../../context';
import { churches, scheduledSermons, sermons } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { countWaiting, type LobbySockets } from '../../live/lobby-flow';
import { rooms } from '../../live/room-names';
import { fileUrl } from '../../providers/storage/image-store';
import { joinLanguageOptions } from '../sermons/service';

// A service stays "next" for a while after its start: the speaker may begin a little late.
const LATE_START_MS = 60 * 60_000;
// After a sermon ends its lobby offers the transcript for the rest of the day.
const TRANSCRIPT_OFFER_MS = 12 * 60 * 60_000;

/**
 * GET /lobby/:code (public): the church behind a standing join code, its live sermon and its next
 * services (docs/decisions/019). A church that does not allow guests shows its name and photo to
 * anyone (the page asks them to sign in), but its live sermon only to its own people.
 */
export async function lobbyByCode(ctx: AppContext, actor: Actor | null, code: string): Promise<LobbyInfo> {
  const [church] = await ctx.db.select().from(churches).where(sql`lower(${churches.joinCode}) = lower(${code})`).limit(1);
  if (!church) throw notFound('Church');
  const mayListen = church.guestsMayListen || (actor !== null && canReachChurch(actor, 'church:read', church.id));
  const now = Date.now();

  const [current] = mayListen
    ? await ctx.db.select().from(sermons)
      .where(and(eq(sermons.churchId, church.id), inArray(sermons.status, ['live', 'paused'])))
      .orderBy(desc(sermons.startedAt)).limit(1)
    : [];
  const { languages } = await joinLanguageOptions(ctx, church.id, current?.sourceLanguage ?? null);
  const upcoming = await ctx.db
    .select({ id: scheduledSermons.id, title: scheduledSermons.title, startsAt: scheduledSermons.startsAt, sourceLanguage: scheduledSermons.sourceLanguage })
    .from(scheduledSermons)
    .leftJoin(sermons, eq(sermons.scheduledSermonId, scheduledSermons.id))
    .where(and(eq(scheduledSermons.churchId, church.id), gte(scheduledSermons.startsAt, new Date(now - LATE_START_MS)), isNull(sermons.id)))
    .orderBy(scheduledSermons.startsAt, scheduledSermons.id)
    .limit(LOBBY_UPCOMING);
  const [ended] = mayListen && !current
    ? await ctx.db.select({ id: sermons.id, broadcastId: sermons.broadcastId, endedAt: sermons.endedAt }).from(sermons)
      .where(and(eq(sermons.churchId, church.id), eq(sermons.status, 'ended'), gte(sermons.endedAt, new Date(now - TRANSCRIPT_OFFER_MS))))
      .orderBy(desc(sermons.endedAt)).limit(1)
    : [];

  return {
    church: {
      id: church.id,
      name: church.name,
      imageUrl: church.imagePath ? fileUrl(church.imagePath) : null,
      timeZone: church.timeZone,
      guestsAllowed: church.guestsMayListen,
      joinCode: church.joinCode,
    },
    languages,
    live: current
      ? {
        sermonId: current.id,
        broadcastId: current.broadcastId,
        startedAt: current.startedAt.toISOString(),
        sourceLanguage: current.sourceLanguage,
        languages: languages.map((l) => l.code),
      }
      : null,
    upcoming: upcoming.map((u) => ({ ...u, startsAt: u.startsAt.toISOString() })),
    lastEnded: ended?.endedAt ? { sermonId: ended.id, broadcastId: ended.broadcastId, endedAt: ended.endedAt.toISOString() } : null,
  };
}

/** GET /lobby/waiting: who waits in the church's lobby now, on every process (the speaker's screen). */
export async function lobbyWaiting(ctx: AppContext, io: Server, actor: Actor, churchId: string): Promise<LobbyWaiting> {
  if (!canReachChurch(actor, 'sermons:go-live', churchId) && !canReachChurch(actor, 'sermons:end-any', churchId)) throw notFound('Church');
  const [church] = await ctx.db.select({ joinCode: churches.joinCode }).from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!church) throw notFound('Church');
  const fetch: LobbySockets = () => io.of(LIVE_NAMESPACE).in(rooms.lobby(churchId)).fetchSockets();
  return { joinCode: church.joinCode, ...(await countWaiting(fetch)) };
}
