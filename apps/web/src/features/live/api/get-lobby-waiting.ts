import { useQuery } from '@tanstack/react-query';
import type { LobbyWaiting } from '@app/shared';
import { api } from '../../../lib/api-client';

// The speaker's screen only (one per church): a light poll is fine here, unlike the lobby itself.
const WAITING_POLL_MS = 5000;

/** GET /lobby/waiting?churchId=: who waits in the church's lobby, per language. */
export function useLobbyWaiting(churchId: string) {
  return useQuery({
    queryKey: ['lobby-waiting', churchId],
    queryFn: () => api<LobbyWaiting>(`/lobby/waiting?churchId=${encodeURIComponent(churchId)}`),
    refetchInterval: WAITING_POLL_MS,
  });
}
