import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddChurchLanguageBody, ChurchLanguage } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchLanguagesQueryKey } from './get-church-languages';

/** POST /churches/:id/languages: a known language, or a new one with a name and a voice ID. */
export function addChurchLanguage(churchId: string, body: AddChurchLanguageBody): Promise<ChurchLanguage> {
  return api<ChurchLanguage>(`/churches/${encodeURIComponent(churchId)}/languages`, { method: 'POST', body });
}

export function useAddChurchLanguage(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddChurchLanguageBody) => addChurchLanguage(churchId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: churchLanguagesQueryKey(churchId) }),
  });
}
