import { useMutation } from '@tanstack/react-query';
import type { EngineTestResult, TestEngineBody } from '@app/shared';
import { api } from '../../../lib/api-client';

/** POST /churches/:id/translation-engines/test: the sample line with unsaved settings; nothing is saved. */
export function testTranslationEngine(churchId: string, body: TestEngineBody): Promise<EngineTestResult> {
  return api<EngineTestResult>(`/churches/${encodeURIComponent(churchId)}/translation-engines/test`, { method: 'POST', body });
}

export function useTestTranslationEngine(churchId: string) {
  return useMutation({ mutationFn: (body: TestEngineBody) => testTranslationEngine(churchId, body) });
}
