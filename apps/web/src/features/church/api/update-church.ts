import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChurchDetails, UpdateChurchBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { churchesPath } from './get-churches';
import { churchQueryKey } from './get-church';

/** PATCH /churches/:id: details, time zone, location; the weekly limit for platform admins. */
export function updateChurch(churchId: string, body: UpdateChurchBody): Promise<ChurchDetails> {
  return api<ChurchDetails>(`/churches/${encodeURIComponent(churchId)}`, { method: 'PATCH', body });
}

export function useUpdateChurch(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChurchBody) => updateChurch(churchId, body),
    onSuccess: (details) => {
      queryClient.setQueryData(churchQueryKey(churchId), details);
      void queryClient.invalidateQueries({ queryKey: listKey(churchesPath) });
    },
  });
}
