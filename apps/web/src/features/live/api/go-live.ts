import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sermon } from '@app/shared';
import { api } from '../../../lib/api-client';
import { sermonsQueryKey } from './get-sermons';

export interface GoLiveInput {
  churchId: string;
  sourceLanguage: string;
  /** The scheduled service being started (docs/decisions/019). */
  scheduledSermonId?: string;
}

/** POST /sermons: the sermon starts live with a fresh broadcast id for the share link. */
export function goLive(input: GoLiveInput): Promise<Sermon> {
  return api<Sermon>('/sermons', { method: 'POST', body: input });
}

export function useGoLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: goLive,
    onSuccess: (sermon) => queryClient.invalidateQueries({ queryKey: sermonsQueryKey(sermon.churchId, 'live') }),
  });
}
