import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { churchLanguagesQueryKey } from './get-church-languages';

/** DELETE /churches/:id/languages/:languageId. */
export function removeChurchLanguage(churchId: string, languageId: string): Promise<void> {
  return api<void>(`/churches/${encodeURIComponent(churchId)}/languages/${encodeURIComponent(languageId)}`, { method: 'DELETE' });
}

export function useRemoveChurchLanguage(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (languageId: string) => removeChurchLanguage(churchId, languageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: churchLanguagesQueryKey(churchId) }),
  });
}
