import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSermons, LIVE_LIST_POLL_MS, sermonsQueryKey, type SermonListStatus } from './get-sermons';

// GET /sermons through TanStack Query, for the speaker screens (invalidated when a sermon starts,
// ends or is deleted). Apart from get-sermons.ts so the listener entry does not load the library.

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
