import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQuery } from './get-me';

/** DELETE /me/photo → 204. */
export function deletePhoto(): Promise<void> {
  return api<void>('/me/photo', { method: 'DELETE' });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () => queryClient.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, photoUrl: null } : me)),
  });
}
