import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sermon } from '@app/shared';
import { api } from '../../../lib/api-client';
import { sermonsQueryKey } from './get-sermons';

/** POST /sermons/:id/end: the host stops, or a church admin ends any live sermon of the church. */
export function endSermon(sermonId: string): Promise<Sermon> {
  return api<Sermon>(`/sermons/${encodeURIComponent(sermonId)}/end`, { method: 'POST' });
}

export function useEndSermon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSermon,
    onSuccess: (sermon) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sermonsQueryKey(sermon.churchId, 'live') }),
        queryClient.invalidateQueries({ queryKey: sermonsQueryKey(sermon.churchId, 'ended') }),
      ]),
  });
}
