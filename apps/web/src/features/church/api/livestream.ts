import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LivestreamSettings, NewFeedBody, OverlayStyle } from '@app/shared';
import { api } from '../../../lib/api-client';

export const livestreamQueryKey = (churchId: string) => ['churches', churchId, 'livestream'] as const;
const base = (churchId: string) => `/churches/${encodeURIComponent(churchId)}/livestream`;

/** GET /churches/:id/livestream: caption feeds (URLs masked) and the overlay's look and link (decision 037). */
export function useLivestream(churchId: string) {
  return useQuery(queryOptions({ queryKey: livestreamQueryKey(churchId), queryFn: () => api<LivestreamSettings>(base(churchId)) }));
}

/** Every change answers the whole settings: the cache takes them as they are. */
function useLivestreamChange<T>(churchId: string, call: (arg: T) => Promise<LivestreamSettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (settings) => queryClient.setQueryData(livestreamQueryKey(churchId), settings) });
}

export const useAddFeed = (churchId: string) =>
  useLivestreamChange(churchId, (body: NewFeedBody) => api<LivestreamSettings>(`${base(churchId)}/feeds`, { method: 'POST', body }));

export const useRemoveFeed = (churchId: string) =>
  useLivestreamChange(churchId, (feedId: string) => api<LivestreamSettings>(`${base(churchId)}/feeds/${encodeURIComponent(feedId)}`, { method: 'DELETE' }));

export const useSaveOverlay = (churchId: string) =>
  useLivestreamChange(churchId, (style: OverlayStyle) => api<LivestreamSettings>(`${base(churchId)}/overlay`, { method: 'PUT', body: style }));

export const useRenewOverlay = (churchId: string) =>
  useLivestreamChange(churchId, () => api<LivestreamSettings>(`${base(churchId)}/overlay/renew`, { method: 'POST' }));
