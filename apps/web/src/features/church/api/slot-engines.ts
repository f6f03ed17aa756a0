import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EngineSlot } from '@app/shared';
import { api } from '../../../lib/api-client';

/**
 * The four endpoints of a church's engines in two slots, the same for recognition (decision 038)
 * and voice (decision 040) engines: read, save one slot (tested first; 422 `engine_test_failed`
 * unless `saveUntested`), remove one (the second becomes the first), Test connection (nothing saved).
 */
export function slotEngineApi<Response, SaveBody, TestBody, TestResult>(segment: 'recognition-engines' | 'voice-engines') {
  const queryKey = (churchId: string) => ['churches', churchId, segment] as const;
  const base = (churchId: string) => `/churches/${encodeURIComponent(churchId)}/${segment}`;

  function useEngines(churchId: string, enabled = true) {
    return useQuery({
      ...queryOptions({ queryKey: queryKey(churchId), queryFn: () => api<Response>(base(churchId)) }),
      enabled,
      // Health changes while a sermon runs.
      refetchInterval: 30_000,
    });
  }

  function useSave(churchId: string) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ slot, body }: { slot: EngineSlot; body: SaveBody }) => api<Response>(`${base(churchId)}/${slot}`, { method: 'PUT', body }),
      onSuccess: (engines) => queryClient.setQueryData(queryKey(churchId), engines),
    });
  }

  function useRemove(churchId: string) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (slot: EngineSlot) => api<Response>(`${base(churchId)}/${slot}`, { method: 'DELETE' }),
      onSuccess: (engines) => queryClient.setQueryData(queryKey(churchId), engines),
    });
  }

  function useTest(churchId: string) {
    return useMutation({ mutationFn: (body: TestBody) => api<TestResult>(`${base(churchId)}/test`, { method: 'POST', body }) });
  }

  return { queryKey, useEngines, useSave, useRemove, useTest };
}
