import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EngineSlot, TranslationEnginesResponse } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchQueryKey } from './get-church';
import { translationEnginesQueryKey } from './get-translation-engines';

/** DELETE /churches/:id/translation-engines/:slot: removing the first engine makes the second the first. */
export function removeTranslationEngine(churchId: string, slot: EngineSlot): Promise<TranslationEnginesResponse> {
  return api<TranslationEnginesResponse>(`/churches/${encodeURIComponent(churchId)}/translation-engines/${slot}`, { method: 'DELETE' });
}

export function useRemoveTranslationEngine(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: EngineSlot) => removeTranslationEngine(churchId, slot),
    onSuccess: (engines) => {
      queryClient.setQueryData(translationEnginesQueryKey(churchId), engines);
      void queryClient.invalidateQueries({ queryKey: churchQueryKey(churchId) });
    },
  });
}
