import { lobbyEvents, type LobbyLivePayload, type LobbyWaiting, type SermonByBroadcast } from '@app/shared';
import type { AppContext } from '../../context';
import type { sermons } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { liveSource } from '../live-sources';
import { LiveFailure, type LiveSocket } from '../live-types';
import type { LiveService } from '../live-service';
import { rooms } from './room-names';

/**
 * A church's lobby on the live namespace (docs/decisions/020): phones and projectors join the room
 * `church:<id>:lobby` with their languages; going live and ending are emitted to that room through
 * the Socket.IO adapter, so every open lobby on every process turns live by itself, without polling.
 */
export async function joinLobby(ctx: AppContext, socket: LiveSocket, payload: { code: string; languages: string[]; projector?: boolean }) {
  // From memory once read: after a restart a whole congregation's lobbies join again at once.
  const church = await liveSource(ctx, 'lobbyChurch')(payload.code);
  if (!church) throw new LiveFailure('not_found', 'No church has this join code');
  const actor = socket.data.actor;
  if (!church.guestsAllowed) {
    if (!actor) throw new LiveFailure('guests_not_allowed', 'This church does not allow guests: please sign in to listen');
    if (!canReachChurch(actor, 'church:read', church.id)) throw new LiveFailure('not_found', 'No church has this join code');
  }
  leaveLobby(socket, church.id);
  socket.data.lobby = { churchId: church.id, languages: payload.languages, projector: payload.projector ?? false };
  const visitor = !actor || !canReachChurch(actor, 'church:read', church.id);
  await socket.join(visitor ? [rooms.lobby(church.id), rooms.lobbyVisitors(church.id)] : rooms.lobby(church.id));
  return { churchId: church.id };
}

/** Leaves the lobby (unless it is `staying`'s, which the socket joins again). */
export function leaveLobby(socket: LiveSocket, staying?: string) {
  const lobby = socket.data.lobby;
  if (!lobby) return;
  socket.data.lobby = undefined;
  if (lobby.churchId === staying) return;
  socket.leave(rooms.lobby(lobby.churchId));
  socket.leave(rooms.lobbyVisitors(lobby.churchId));
}

/**
 * Tells the church's lobbies that a sermon is live (called by the process that started it). The push
 * carries what a phone needs to start listening (`listen`, what the share link answers), so 2,000
 * phones do not each ask for it (docs/decisions/034); in a church without guests, only to its own
 * people: those who waited as guests get the bare push, and the page asks them to sign in as before.
 */
export function announceLive(live: LiveService, row: typeof sermons.$inferSelect, listen: SermonByBroadcast | null) {
  const payload: LobbyLivePayload = {
    sermonId: row.id,
    broadcastId: row.broadcastId,
    startedAt: row.startedAt.toISOString(),
    sourceLanguage: row.sourceLanguage,
  };
  const lobby = rooms.lobby(row.churchId);
  if (!listen) return live.emitter?.emit(lobby, lobbyEvents.live, payload);
  if (listen.guestsMayListen) return live.emitter?.emit(lobby, lobbyEvents.live, { ...payload, listen });
  const visitors = rooms.lobbyVisitors(row.churchId);
  live.emitter?.emit(lobby, lobbyEvents.live, { ...payload, listen }, { except: visitors });
  live.emitter?.emit(visitors, lobbyEvents.live, payload);
}

/** Lobby sockets' data, from every process (the adapter asks the others). */
export type LobbySockets = () => Promise<Array<{ data: { lobby?: { languages: string[]; projector: boolean }; listener?: unknown } }>>;

/** How many wait in the lobby per language: people, and projectors (one per language each, not people). */
export async function countWaiting(fetch: LobbySockets): Promise<Omit<LobbyWaiting, 'joinCode'>> {
  const byCode = new Map<string, { people: number; projectors: number }>();
  let total = 0;
  for (const { data } of await fetch()) {
    // A phone listening on its lobby socket (decision 034) is listening, no longer waiting.
    if (!data.lobby || data.listener) continue;
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
