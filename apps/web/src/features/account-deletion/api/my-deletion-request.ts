import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDeletionRequestBody, DeletionRequest, MyDeletionRequestResponse } from '@app/shared';
import { api } from '../../../lib/api-client';

const PATH = '/me/deletion-request';
export const myDeletionRequestQuery = queryOptions({
  queryKey: [PATH],
  queryFn: () => api<MyDeletionRequestResponse>(PATH),
});

/** GET /me/deletion-request: the person's latest request, if any. */
export const useMyDeletionRequest = () => useQuery(myDeletionRequestQuery);

function useSetsMyRequest<V>(fn: (v: V) => Promise<DeletionRequest>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (request) => qc.setQueryData(myDeletionRequestQuery.queryKey, { request }) });
}

/** POST /me/deletion-request. */
export const useRequestDeletion = () =>
  useSetsMyRequest((body: CreateDeletionRequestBody) => api<DeletionRequest>(PATH, { method: 'POST', body }));

/** DELETE /me/deletion-request: withdraws a pending request. */
export const useCancelDeletionRequest = () => useSetsMyRequest(() => api<DeletionRequest>(PATH, { method: 'DELETE' }));
