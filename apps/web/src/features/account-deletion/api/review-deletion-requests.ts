import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequest } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey, listQueryOptions } from '../../../components/data-table/use-list-query';
import type { ListParams } from '../../../components/data-table/list-params';

export const DELETION_REQUESTS_PATH = '/deletion-requests';

/** GET /deletion-requests?status=: the requests of the church's people (every church for platform admins). */
export const useDeletionRequests = (params: ListParams) => useQuery(listQueryOptions<DeletionRequest>(DELETION_REQUESTS_PATH, params));

function useDecision<V>(fn: (v: V) => Promise<DeletionRequest>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: listKey(DELETION_REQUESTS_PATH) }) });
}

/** POST /deletion-requests/:id/approve: the account closes at once. */
export const useApproveDeletionRequest = () =>
  useDecision((id: string) => api<DeletionRequest>(`${DELETION_REQUESTS_PATH}/${id}/approve`, { method: 'POST' }));

/** POST /deletion-requests/:id/reject with the reason that is mailed to the person. */
export const useRejectDeletionRequest = () =>
  useDecision(({ id, reason }: { id: string; reason: string }) =>
    api<DeletionRequest>(`${DELETION_REQUESTS_PATH}/${id}/reject`, { method: 'POST', body: { reason } }));
