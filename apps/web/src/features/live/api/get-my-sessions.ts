import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mySessionList } from '@app/shared';
import { api } from '../../../lib/api-client';

export type MySessionList = z.infer<typeof mySessionList>;

/** GET /sermons/mine: the signed-in person's previous listening sessions, newest first. */
export function getMySessions(): Promise<MySessionList> {
  return api<MySessionList>('/sermons/mine?pageSize=10');
}

export function mySessionsQuery() {
  return queryOptions({ queryKey: ['sermons', 'mine'] as const, queryFn: getMySessions });
}

export function useMySessions(enabled: boolean) {
  return useQuery({ ...mySessionsQuery(), enabled });
}
