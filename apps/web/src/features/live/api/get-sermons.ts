import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SermonList } from '@app/shared';
import { api } from '../../../lib/api-client';

/** The join screens poll for sermons that went live since (spec: refresh about every 10 s). */
export const LIVE_LIST_POLL_MS = 10_000;

export type SermonListStatus = 'live' | 'ended';

export const sermonsQueryKey = (churchId: string, status: SermonListStatus) => ['sermons', 'list', churchId, status] as const;

/** GET /sermons?status=&churchId=: `live` also includes paused sermons. */
export function getSermons(churchId: string, status: SermonListStatus): Promise<SermonList> {
  const q = new URLSearchParams({ status, churchId, pageSize: status === 'ended' ? '10' : '50' });
  return api<SermonList>(`/sermons?${q.toString()}`);
}

export function sermonsQuery(churchId: string, status: SermonListStatus, poll = false) {
  return queryOptions({
    queryKey: sermonsQueryKey(churchId, status),
    queryFn: () => getSermons(churchId, status),
    refetchInterval: poll ? LIVE_LIST_POLL_MS : false,
    staleTime: poll ? 0 : 30_000,
  });
}

export function useSermons(churchId: string, status: SermonListStatus, opts: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({ ...sermonsQuery(churchId, status, opts.poll), enabled: opts.enabled ?? true });
}
