import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChurchLanguage, UpdateChurchLanguageBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchLanguagesQueryKey } from './get-church-languages';

/** PATCH /churches/:id/languages/:languageId: name and voice IDs. */
export function updateChurchLanguage(churchId: string, languageId: string, body: UpdateChurchLanguageBody): Promise<ChurchLanguage> {
  return api<ChurchLanguage>(`/churches/${encodeURIComponent(churchId)}/languages/${encodeURIComponent(languageId)}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateChurchLanguage(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ languageId, body }: { languageId: string; body: UpdateChurchLanguageBody }) =>
      updateChurchLanguage(churchId, languageId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: churchLanguagesQueryKey(churchId) }),
  });
}
