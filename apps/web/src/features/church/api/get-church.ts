import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChurchDetails } from '@app/shared';
import { api } from '../../../lib/api-client';

export const churchQueryKey = (churchId: string) => ['churches', churchId, 'details'] as const;

/** GET /churches/:id: details and live settings (keys masked, minutes used this week). */
export function getChurch(churchId: string): Promise<ChurchDetails> {
  return api<ChurchDetails>(`/churches/${encodeURIComponent(churchId)}`);
}

export function churchQuery(churchId: string) {
  return queryOptions({ queryKey: churchQueryKey(churchId), queryFn: () => getChurch(churchId) });
}

export function useChurch(churchId: string) {
  return useQuery(churchQuery(churchId));
}
