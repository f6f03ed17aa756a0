import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChurchLanguageLists } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /churches/:id/languages: the speaker picks the spoken language from the go-live list. */
export function getChurchLanguages(churchId: string): Promise<ChurchLanguageLists> {
  return api<ChurchLanguageLists>(`/churches/${encodeURIComponent(churchId)}/languages`);
}

export function goLiveLanguagesQuery(churchId: string) {
  return queryOptions({
    queryKey: ['live', 'languages', churchId] as const,
    queryFn: () => getChurchLanguages(churchId),
  });
}

export function useGoLiveLanguages(churchId: string) {
  return useQuery(goLiveLanguagesQuery(churchId));
}
