import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEventBody, EventDetails, UpdateEventBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { eventsPath } from './get-events';
import { eventQueryKey } from './get-event';

/** POST /events. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => api<EventDetails>(eventsPath, { method: 'POST', body }),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryKey(event.id), event);
      void queryClient.invalidateQueries({ queryKey: listKey(eventsPath) });
    },
  });
}

/** PATCH /events/:id (also picks the cover with `coverImageId`). */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventBody) => api<EventDetails>(`${eventsPath}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryKey(id), event);
      void queryClient.invalidateQueries({ queryKey: listKey(eventsPath) });
    },
  });
}
