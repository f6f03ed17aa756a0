import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';

/** DELETE …/glossary/{entryId}. */
export function useDeleteGlossaryEntry(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(path) }),
  });
}
