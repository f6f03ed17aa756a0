import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transcript } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /sermons/:id/transcript?lang=: every stored caption of the sermon in one language. */
export function getTranscript(sermonId: string, language: string, afterSeq = 0): Promise<Transcript> {
  const q = new URLSearchParams({ lang: language, afterSeq: String(afterSeq) });
  return api<Transcript>(`/sermons/${encodeURIComponent(sermonId)}/transcript?${q.toString()}`);
}

export function transcriptQuery(sermonId: string, language: string) {
  return queryOptions({
    queryKey: ['sermons', 'transcript', sermonId, language] as const,
    queryFn: () => getTranscript(sermonId, language),
  });
}

export function useTranscript(sermonId: string, language: string, enabled: boolean) {
  return useQuery({ ...transcriptQuery(sermonId, language), enabled });
}
