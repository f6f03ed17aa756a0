import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sermonsQueryKey } from './get-sermons';

/** DELETE /sermons/:id: an ended sermon, with its transcript and listener records. */
export function deleteSermon(sermonId: string): Promise<void> {
  return api<void>(`/sermons/${encodeURIComponent(sermonId)}`, { method: 'DELETE' });
}

export function useDeleteSermon(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSermon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sermonsQueryKey(churchId, 'ended') }),
  });
}
