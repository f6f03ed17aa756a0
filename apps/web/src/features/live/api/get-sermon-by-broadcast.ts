import type { SermonByBroadcast } from '@app/shared';
import { api } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/** GET /sermons/by-broadcast/:broadcastId: the sermon, the languages offered and the voice options. */
export function getSermonByBroadcast(broadcastId: string): Promise<SermonByBroadcast> {
  return api<SermonByBroadcast>(`/sermons/by-broadcast/${encodeURIComponent(broadcastId)}`);
}

/**
 * For the listener screen, which the listener entry shows without TanStack Query (docs/decisions/018).
 * Not asked when the lobby's push already carried the answer (`enabled: false`, decision 034).
 */
export function useSermonByBroadcast(broadcastId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useRequest(`sermons/by-broadcast/${broadcastId}`, () => getSermonByBroadcast(broadcastId), { enabled });
}
