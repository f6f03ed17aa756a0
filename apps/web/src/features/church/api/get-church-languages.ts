import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChurchLanguageLists } from '@app/shared';
import { api } from '../../../lib/api-client';

export const churchLanguagesQueryKey = (churchId: string) => ['churches', churchId, 'languages'] as const;

/** GET /churches/:id/languages: the go-live and join-live lists. */
export function getChurchLanguages(churchId: string): Promise<ChurchLanguageLists> {
  return api<ChurchLanguageLists>(`/churches/${encodeURIComponent(churchId)}/languages`);
}

export function churchLanguagesQuery(churchId: string) {
  return queryOptions({ queryKey: churchLanguagesQueryKey(churchId), queryFn: () => getChurchLanguages(churchId) });
}

export function useChurchLanguages(churchId: string) {
  return useQuery(churchLanguagesQuery(churchId));
}
