import type { z } from 'zod';
import type { mySessionList } from '@app/shared';
import { api } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

export type MySessionList = z.infer<typeof mySessionList>;

/** GET /sermons/mine: the signed-in person's previous listening sessions, newest first. */
export function getMySessions(): Promise<MySessionList> {
  return api<MySessionList>('/sermons/mine?pageSize=10');
}

/** For the list of live sermons, which the listener entry shows without TanStack Query (docs/decisions/018). */
export function useMySessions(enabled: boolean) {
  return useRequest('sermons/mine', getMySessions, { enabled });
}
