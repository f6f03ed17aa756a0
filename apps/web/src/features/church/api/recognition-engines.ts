import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EngineSlot, RecognitionEnginesResponse, RecognitionTestResult, SaveRecognitionEngineBody, TestRecognitionEngineBody,
} from '@app/shared';
import { api } from '../../../lib/api-client';

/** A church's speech recognition engines (decision 038), as its translation engines (decision 033). */
export const recognitionEnginesQueryKey = (churchId: string) => ['churches', churchId, 'recognition-engines'] as const;
const base = (churchId: string) => `/churches/${encodeURIComponent(churchId)}/recognition-engines`;

export function useRecognitionEngines(churchId: string, enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: recognitionEnginesQueryKey(churchId), queryFn: () => api<RecognitionEnginesResponse>(base(churchId)) }),
    enabled,
    // Health changes while a sermon runs.
    refetchInterval: 30_000,
  });
}

/** PUT …/:slot: tested first; 422 `engine_test_failed` unless `saveUntested`. */
export function useSaveRecognitionEngine(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, body }: { slot: EngineSlot; body: SaveRecognitionEngineBody }) => api<RecognitionEnginesResponse>(`${base(churchId)}/${slot}`, { method: 'PUT', body }),
    onSuccess: (engines) => queryClient.setQueryData(recognitionEnginesQueryKey(churchId), engines),
  });
}

/** DELETE …/:slot: removing the first engine makes the second the first. */
export function useRemoveRecognitionEngine(churchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: EngineSlot) => api<RecognitionEnginesResponse>(`${base(churchId)}/${slot}`, { method: 'DELETE' }),
    onSuccess: (engines) => queryClient.setQueryData(recognitionEnginesQueryKey(churchId), engines),
  });
}

/** POST …/test: opens a stream with unsaved settings; nothing is saved. */
export function useTestRecognitionEngine(churchId: string) {
  return useMutation({ mutationFn: (body: TestRecognitionEngineBody) => api<RecognitionTestResult>(`${base(churchId)}/test`, { method: 'POST', body }) });
}
