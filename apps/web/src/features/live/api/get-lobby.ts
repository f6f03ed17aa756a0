import type { LobbyInfo } from '@app/shared';
import { api } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/** GET /lobby/:code (public): the church behind a join code, its live sermon and next services. */
export function getLobby(code: string): Promise<LobbyInfo> {
  return api<LobbyInfo>(`/lobby/${encodeURIComponent(code)}`);
}

/** For the lobby and projector pages, which the listener entry shows without TanStack Query (decision 018). */
export function useLobby(code: string) {
  return useRequest(`lobby/${code}`, () => getLobby(code));
}
