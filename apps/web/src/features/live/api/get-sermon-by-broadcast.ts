import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SermonByBroadcast } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /sermons/by-broadcast/:broadcastId: the sermon, the languages offered and the voice options. */
export function getSermonByBroadcast(broadcastId: string): Promise<SermonByBroadcast> {
  return api<SermonByBroadcast>(`/sermons/by-broadcast/${encodeURIComponent(broadcastId)}`);
}

export function sermonByBroadcastQuery(broadcastId: string) {
  return queryOptions({
    queryKey: ['sermons', 'by-broadcast', broadcastId] as const,
    queryFn: () => getSermonByBroadcast(broadcastId),
    staleTime: 60_000,
  });
}

export function useSermonByBroadcast(broadcastId: string) {
  return useQuery(sermonByBroadcastQuery(broadcastId));
}
