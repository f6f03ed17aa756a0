import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChurchDetails, CreateChurchBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { churchesPath } from './get-churches';

/** POST /churches (platform admins). Every church query (list, pickers) is refreshed. */
export function createChurch(body: CreateChurchBody): Promise<ChurchDetails> {
  return api<ChurchDetails>('/churches', { method: 'POST', body });
}

export function useCreateChurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChurch,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: listKey(churchesPath) }), queryClient.invalidateQueries({ queryKey: ['churches', 'public'] })]),
  });
}
