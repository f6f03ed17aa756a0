import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowUp, UpdateFollowUpBody } from '@app/shared';
import { api } from '../../lib/api-client';
import type { ListParams } from '../../components/data-table/list-params';
import { listKey, listQueryOptions } from '../../components/data-table/use-list-query';

export const followUpsPath = '/follow-ups';

export const useFollowUps = (p: ListParams) => useQuery(listQueryOptions<FollowUp>(followUpsPath, p));

/** PATCH /follow-ups/:id: the state forward and notes; the list refreshes. */
export function useUpdateFollowUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFollowUpBody }) => api<FollowUp>(`${followUpsPath}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(followUpsPath) }),
  });
}
