import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChurchDetails, LiveSettingsBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchQueryKey } from './get-church';

/** PATCH /churches/:id/live-settings: only the fields sent change; an empty key keeps the stored one. */
export function updateLiveSettings(churchId: string, body: LiveSettingsBody): Promise<ChurchDetails> {
  return api<ChurchDetails>(`/churches/${encodeURIComponent(churchId)}/live-settings`, { method: 'PATCH', body });
}

export function useUpdateLiveSettings(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveSettingsBody) => updateLiveSettings(churchId, body),
    onSuccess: (details) => queryClient.setQueryData(churchQueryKey(churchId), details),
  });
}
