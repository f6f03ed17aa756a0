import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowUp, UpdateFollowUpBody } from '@app/shared';
import { api } from '../../lib/api-client';
import type { ListParams } from '../../components/data-table/list-params';
import { listKey, listQueryOptions } from '../../components/data-table/use-list-query';

export const followUpsPath = '/follow-ups';

export const useFollowUps = (p: ListParams) => useQuery(listQueryOptions<FollowUp>(followUpsPath, p));

/** GET /follow-ups/:id: the one a link opens (from the decisions in analytics); none without an id. */
export const useFollowUp = (id: string | null) =>
  useQuery({ queryKey: [...listKey(followUpsPath), 'one', id], queryFn: () => api<FollowUp>(`${followUpsPath}/${encodeURIComponent(id!)}`), enabled: !!id });

/** PATCH /follow-ups/:id: the state forward and notes; the list refreshes. */
export function useUpdateFollowUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFollowUpBody }) => api<FollowUp>(`${followUpsPath}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(followUpsPath) }),
  });
}
