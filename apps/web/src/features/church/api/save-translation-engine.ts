import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EngineSlot, SaveEngineBody, TranslationEnginesResponse } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchQueryKey } from './get-church';
import { translationEnginesQueryKey } from './get-translation-engines';

/** PUT /churches/:id/translation-engines/:slot: tested first; 422 `engine_test_failed` unless `saveUntested`. */
export function saveTranslationEngine(churchId: string, slot: EngineSlot, body: SaveEngineBody): Promise<TranslationEnginesResponse> {
  return api<TranslationEnginesResponse>(`/churches/${encodeURIComponent(churchId)}/translation-engines/${slot}`, { method: 'PUT', body });
}

export function useSaveTranslationEngine(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, body }: { slot: EngineSlot; body: SaveEngineBody }) => saveTranslationEngine(churchId, slot, body),
    onSuccess: (engines) => {
      queryClient.setQueryData(translationEnginesQueryKey(churchId), engines);
      // The church's details name its engine (the badge of the settings card).
      void queryClient.invalidateQueries({ queryKey: churchQueryKey(churchId) });
    },
  });
}
