import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SermonDetail, Transcript } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { analyticsPaths } from './analytics-lists';

const detailKey = (id: string) => ['analytics', 'sermon', id] as const;

export const useSermonDetail = (id: string) => useQuery({ queryKey: detailKey(id), queryFn: () => api<SermonDetail>(`/analytics/sermons/${id}`) });

/** The transcript of one language (translations nobody asked for live are made on request). */
export const useTranscriptText = (id: string, lang: string) =>
  useQuery({ queryKey: ['analytics', 'transcript', id, lang], queryFn: () => api<Transcript>(`/sermons/${id}/transcript?lang=${encodeURIComponent(lang)}&afterSeq=0`) });

export function useDeleteSermon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/sermons/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(analyticsPaths.sermons) }),
  });
}

export function useEndSermon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/sermons/${id}/end`, { method: 'POST' }),
    onSuccess: (_d, id) => {
      void qc.invalidateQueries({ queryKey: listKey(analyticsPaths.sermons) });
      void qc.invalidateQueries({ queryKey: detailKey(id) });
    },
  });
}
