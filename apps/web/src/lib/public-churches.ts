import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicChurch } from '@app/shared';
import { api } from './api-client';

/** GET /churches/public: id, name and suburb of every church, for the signup picker. */
export function getPublicChurches(): Promise<PublicChurch[]> {
  return api<PublicChurch[]>('/churches/public');
}

export const publicChurchesQuery = queryOptions({
  queryKey: ['churches', 'public'],
  queryFn: getPublicChurches,
  staleTime: 5 * 60_000,
});

export function usePublicChurches() {
  return useQuery(publicChurchesQuery);
}
