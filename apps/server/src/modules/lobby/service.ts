import { eq } from 'drizzle-orm';
import { LIVE_NAMESPACE, type LobbyInfo, type LobbyWaiting } from '@app/shared';
import type { Server } from 'socket.io';
import type { AppContext } from '../../context';
import { churches } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { countWaiting, type LobbySockets } from '../../live/rooms/lobby-flow';
import { rooms } from '../../live/rooms/room-names';
import { sermonListenInfo } from '../sermons/service';
import { lobbyFacts, lobbyFor } from './lobby-facts';

/**
 * GET /lobby/:code (public): the church behind a standing join code, its live sermon and its next
 * services (docs/decisions/019), from memory once read (lobby-facts.ts, docs/decisions/034).
 */
export async function lobbyByCode(ctx: AppContext, actor: Actor | null, code: string): Promise<LobbyInfo> {
  const facts = await lobbyFacts(ctx, code);
  if (!facts) throw notFound('Church');
  const info = lobbyFor(facts, actor);
  if (!info.live) return info;
  // The share link's answer, from the same memory: read once for the whole congregation.
  const listen = await sermonListenInfo(ctx, info.live.broadcastId);
  return { ...info, live: { ...info.live, listen } };
}

/** GET /lobby/waiting: who waits in the church's lobby now, on every process (the speaker's screen). */
export async function lobbyWaiting(ctx: AppContext, io: Server, actor: Actor, churchId: string): Promise<LobbyWaiting> {
  if (!canReachChurch(actor, 'sermons:go-live', churchId) && !canReachChurch(actor, 'sermons:end-any', churchId)) throw notFound('Church');
  const [church] = await ctx.db.select({ joinCode: churches.joinCode }).from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!church) throw notFound('Church');
  const fetch: LobbySockets = () => io.of(LIVE_NAMESPACE).in(rooms.lobby(churchId)).fetchSockets();
  return { joinCode: church.joinCode, ...(await countWaiting(fetch)) };
}
