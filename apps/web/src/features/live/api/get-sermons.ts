import type { SermonList } from '@app/shared';
import { api } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

// GET /sermons. The speaker screens' TanStack Query hook is in sermons-query.ts: this file is also the
// listener entry's, which loads without TanStack Query (docs/decisions/018).

/** The join screens poll for sermons that went live since (spec: refresh about every 10 s). */
export const LIVE_LIST_POLL_MS = 10_000;

export type SermonListStatus = 'live' | 'ended';

export const sermonsQueryKey = (churchId: string, status: SermonListStatus) => ['sermons', 'list', churchId, status] as const;

/** GET /sermons?status=&churchId=: `live` also includes paused sermons. */
export function getSermons(churchId: string, status: SermonListStatus): Promise<SermonList> {
  const q = new URLSearchParams({ status, churchId, pageSize: status === 'ended' ? '10' : '50' });
  return api<SermonList>(`/sermons?${q.toString()}`);
}

/** The church's live sermons, polled, for the list listeners choose from (no shared cache). */
export function useLiveSermonsForListeners(churchId: string) {
  return useRequest(sermonsQueryKey(churchId, 'live').join('/'), () => getSermons(churchId, 'live'), { pollMs: LIVE_LIST_POLL_MS });
}
