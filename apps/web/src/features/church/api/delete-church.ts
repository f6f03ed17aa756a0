import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { churchesPath } from './get-churches';
import { churchQueryKey } from './get-church';

/** DELETE /churches/:id (platform admins); 409 `church_has_people` while people remain. */
export function deleteChurch(churchId: string): Promise<void> {
  return api<void>(`/churches/${encodeURIComponent(churchId)}`, { method: 'DELETE' });
}

export function useDeleteChurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChurch,
    onSuccess: (_data, churchId) => {
      queryClient.removeQueries({ queryKey: churchQueryKey(churchId) });
      void queryClient.invalidateQueries({ queryKey: listKey(churchesPath) });
      void queryClient.invalidateQueries({ queryKey: ['churches', 'public'] });
    },
  });
}
