import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TranslationEnginesResponse } from '@app/shared';
import { api } from '../../../lib/api-client';

export const translationEnginesQueryKey = (churchId: string) => ['churches', churchId, 'translation-engines'] as const;

/** GET /churches/:id/translation-engines: first and second engine (keys masked) and their health. */
export function getTranslationEngines(churchId: string): Promise<TranslationEnginesResponse> {
  return api<TranslationEnginesResponse>(`/churches/${encodeURIComponent(churchId)}/translation-engines`);
}

export function useTranslationEngines(churchId: string, enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: translationEnginesQueryKey(churchId), queryFn: () => getTranslationEngines(churchId) }),
    enabled,
    // Health changes while a sermon runs: fresh enough without hammering the server.
    refetchInterval: 30_000,
  });
}
