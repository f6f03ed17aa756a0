import { listeningLanguages } from '@app/shared';
import { api } from '../../../lib/api-client';

/**
 * GET /churches/{id}/glossary/phrases?language=: the glossary terms the Azure recogniser should
 * expect in this spoken language (decision 025). An empty list when they cannot be had.
 */
export async function getGlossaryPhrases(churchId: string, locale: string): Promise<readonly string[]> {
  const language = listeningLanguages.find((l) => l.locale === locale)?.code ?? locale.split('-')[0]!;
  const qs = new URLSearchParams({ language });
  try {
    return (await api<{ phrases: string[] }>(`/churches/${encodeURIComponent(churchId)}/glossary/phrases?${qs.toString()}`)).phrases;
  } catch {
    return [];
  }
}
