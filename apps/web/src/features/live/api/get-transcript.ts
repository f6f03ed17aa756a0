import type { Transcript } from '@app/shared';
import { api } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/** GET /sermons/:id/transcript?lang=: every stored caption of the sermon in one language. */
export function getTranscript(sermonId: string, language: string, afterSeq = 0): Promise<Transcript> {
  const q = new URLSearchParams({ lang: language, afterSeq: String(afterSeq) });
  return api<Transcript>(`/sermons/${encodeURIComponent(sermonId)}/transcript?${q.toString()}`);
}

/** For the listener screen, which the listener entry shows without TanStack Query (docs/decisions/018). */
export function useTranscript(sermonId: string, language: string, enabled: boolean) {
  return useRequest(`sermons/transcript/${sermonId}/${language}`, () => getTranscript(sermonId, language), { enabled });
}
