import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChurchDetails, StreamLimitBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchQueryKey } from './get-church';

/** PATCH /churches/:id/stream-limit (platform admins). */
export function updateStreamLimit(churchId: string, body: StreamLimitBody): Promise<ChurchDetails> {
  return api<ChurchDetails>(`/churches/${encodeURIComponent(churchId)}/stream-limit`, { method: 'PATCH', body });
}

export function useUpdateStreamLimit(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StreamLimitBody) => updateStreamLimit(churchId, body),
    onSuccess: (details) => queryClient.setQueryData(churchQueryKey(churchId), details),
  });
}
