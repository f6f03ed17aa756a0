import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageSettings } from '@app/shared';
import { api } from '../../../lib/api-client';

const SETTINGS = '/me/message-settings';
const settingsKey = ['me', 'message-settings'] as const;

/** GET /me/message-settings: whether the unread-messages digest mail is wanted (decision record 022). */
export function useMessageSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api<MessageSettings>(SETTINGS) });
}

/** PUT /me/message-settings: answers the stored settings, which replace the cached ones. */
export function useSaveMessageSettings(callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digest: boolean) => api<MessageSettings>(SETTINGS, { method: 'PUT', body: { digest } }),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKey, data);
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}
