import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { eventsPath } from './get-events';
import { eventQueryKey } from './get-event';

/** DELETE /events/:id: the event and its images. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${eventsPath}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: eventQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: listKey(eventsPath) });
    },
  });
}
