import { useQuery } from '@tanstack/react-query';
import type { TranslationUsageResponse } from '@app/shared';
import { api } from '../../../lib/api-client';

export interface TranslationUsageParams {
  churchId?: string | null;
  weeks: number;
}

export const translationUsageQueryKey = (p: TranslationUsageParams) => ['analytics', 'translation-usage', p.churchId ?? 'all', p.weeks] as const;

/** GET /analytics/translation-usage: characters (tokens for a model) per engine per week, partial and final apart. */
export function getTranslationUsage(p: TranslationUsageParams): Promise<TranslationUsageResponse> {
  const query = new URLSearchParams({ weeks: String(p.weeks) });
  if (p.churchId) query.set('churchId', p.churchId);
  return api<TranslationUsageResponse>(`/analytics/translation-usage?${query.toString()}`);
}

export function useTranslationUsage(p: TranslationUsageParams) {
  return useQuery({ queryKey: translationUsageQueryKey(p), queryFn: () => getTranslationUsage(p) });
}
