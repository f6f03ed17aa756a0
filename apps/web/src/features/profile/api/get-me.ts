import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /me: the signed-in person, as the server session knows them. */
export function getMe(): Promise<Me> {
  return api<Me>('/me');
}

export const meQuery = queryOptions({ queryKey: ['me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQuery);
}
