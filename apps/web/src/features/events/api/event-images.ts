import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD, type EventDetails } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { eventsPath } from './get-events';
import { eventQueryKey } from './get-event';

/** POST /events/:id/images (multipart `file`) and DELETE /events/:id/images/:imageId. */
export function useEventImages(eventId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (event: EventDetails) => {
    queryClient.setQueryData(eventQueryKey(eventId), event);
    void queryClient.invalidateQueries({ queryKey: listKey(eventsPath) });
  };
  const base = `${eventsPath}/${encodeURIComponent(eventId)}/images`;
  return {
    add: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append(PHOTO_FIELD, file);
        return api<EventDetails>(base, { method: 'POST', body });
      },
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (imageId: string) => api<EventDetails>(`${base}/${encodeURIComponent(imageId)}`, { method: 'DELETE' }), onSuccess }),
  };
}
