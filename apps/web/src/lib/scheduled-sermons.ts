import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateScheduledSermonBody, ScheduledSermon } from '@app/shared';
import { api } from './api-client';

type Page = { items: ScheduledSermon[]; total: number; page: number; pageSize: number };

// Shared by Manage Church, Go Live and the dashboard (docs/decisions/019): one key, one fetcher.
export const scheduledSermonsKey = ['scheduled-sermons'] as const;

/** GET /scheduled-sermons: the church's services from `from` on (soonest first). */
export function upcomingServicesQuery(churchId: string | null, from: string, pageSize = 10) {
  const params = new URLSearchParams({ from, pageSize: String(pageSize), ...(churchId ? { churchId } : {}) });
  return queryOptions({
    queryKey: [...scheduledSermonsKey, churchId, from, pageSize],
    queryFn: () => api<Page>(`/scheduled-sermons?${params.toString()}`),
  });
}

/** Services starting from an hour ago (one due now may start a little late), soonest first. */
export function useUpcomingServices(churchId: string | null, pageSize = 10) {
  // Rounded to the minute so the key stays the same across renders.
  const from = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000).toISOString();
  return useQuery(upcomingServicesQuery(churchId, from, pageSize));
}

export function useCreateScheduledSermon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduledSermonBody) => api<ScheduledSermon>('/scheduled-sermons', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduledSermonsKey }),
  });
}

export function useDeleteScheduledSermon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/scheduled-sermons/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduledSermonsKey }),
  });
}
