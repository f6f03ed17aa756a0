/**
 * The lobby's Socket.IO events (namespace /live), without zod so a visitor's phone does not download
 * the schema library (decision 018). A lobby socket joins its church's room; the process that starts
 * or ends a sermon emits to that room through the Redis adapter, so every open lobby on every process
 * turns live without polling (docs/decisions/020).
 */
import type { SermonByBroadcast } from './live';

export const lobbyEvents = {
  // client → server (acknowledged)
  join: 'lobby:join',
  leave: 'lobby:leave',
  // server → client
  live: 'lobby:live',
  ended: 'lobby:ended',
} as const;

export interface LobbyLivePayload {
  sermonId: string;
  broadcastId: string;
  startedAt: string;
  sourceLanguage: string;
  /**
   * What `GET /sermons/by-broadcast/{broadcastId}` answers, so a phone starts listening without
   * asking (docs/decisions/034). Absent for those waiting as guests in a church that does not allow
   * guests: the listener page asks, and is told to sign in.
   */
  listen?: SermonByBroadcast;
}

export interface LobbyEndedPayload {
  sermonId: string;
}

/** Who waits in a lobby: a phone, or a room's projector showing some languages. */
export interface LobbyJoinPayload {
  code: string;
  languages: string[];
  projector?: boolean;
}
