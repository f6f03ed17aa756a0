import { sql } from 'drizzle-orm';
import { lobbyEvents, type LobbyLivePayload, type LobbyWaiting } from '@app/shared';
import type { AppContext } from '../context';
import { churches, type sermons } from '../db/schema';
import { canReachChurch } from '../lib/access';
import { LiveFailure, type LiveSocket } from './live-types';
import type { LiveService } from './live-service';
import { rooms } from './room-names';

/**
 * A church's lobby on the live namespace (docs/decisions/020): phones and projectors join the room
 * `church:<id>:lobby` with their languages; going live and ending are emitted to that room through
 * the Socket.IO adapter, so every open lobby on every process turns live by itself, without polling.
 */
export async function joinLobby(ctx: AppContext, socket: LiveSocket, payload: { code: string; languages: string[]; projector?: boolean }) {
  const [church] = await ctx.db
    .select({ id: churches.id, guestsMayListen: churches.guestsMayListen })
    .from(churches)
    .where(sql`lower(${churches.joinCode}) = lower(${payload.code})`)
    .limit(1);
  if (!church) throw new LiveFailure('not_found', 'No church has this join code');
  const actor = socket.data.actor;
  if (!church.guestsMayListen) {
    if (!actor) throw new LiveFailure('guests_not_allowed', 'This church does not allow guests: please sign in to listen');
    if (!canReachChurch(actor, 'church:read', church.id)) throw new LiveFailure('not_found', 'No church has this join code');
  }
  const previous = socket.data.lobby;
  if (previous && previous.churchId !== church.id) socket.leave(rooms.lobby(previous.churchId));
  socket.data.lobby = { churchId: church.id, languages: payload.languages, projector: payload.projector ?? false };
  await socket.join(rooms.lobby(church.id));
  return { churchId: church.id };
}

export function leaveLobby(socket: LiveSocket) {
  const lobby = socket.data.lobby;
  if (!lobby) return;
  socket.data.lobby = undefined;
  socket.leave(rooms.lobby(lobby.churchId));
}

/** Tells the church's lobbies that a sermon is live (called by the process that started it). */
export function announceLive(live: LiveService, row: typeof sermons.$inferSelect) {
  const payload: LobbyLivePayload = {
    sermonId: row.id,
    broadcastId: row.broadcastId,
    startedAt: row.startedAt.toISOString(),
    sourceLanguage: row.sourceLanguage,
  };
  live.emitter?.emit(rooms.lobby(row.churchId), lobbyEvents.live, payload);
}

/** Lobby sockets' data, from every process (the adapter asks the others). */
export type LobbySockets = () => Promise<Array<{ data: { lobby?: { languages: string[]; projector: boolean } } }>>;

/** How many wait in the lobby per language: people, and projectors (one per language each, not people). */
export async function countWaiting(fetch: LobbySockets): Promise<Omit<LobbyWaiting, 'joinCode'>> {
  const byCode = new Map<string, { people: number; projectors: number }>();
  let total = 0;
  for (const { data } of await fetch()) {
    if (!data.lobby) continue;
    if (!data.lobby.projector) total++;
    for (const code of data.lobby.languages) {
      const entry = byCode.get(code) ?? { people: 0, projectors: 0 };
      if (data.lobby.projector) entry.projectors++;
      else entry.people++;
      byCode.set(code, entry);
    }
  }
  const languages = [...byCode].map(([code, n]) => ({ code, ...n })).sort((a, b) => b.people - a.people || a.code.localeCompare(b.code));
  return { languages, total };
}
