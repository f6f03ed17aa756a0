import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInDevice, TwoStepStart, TwoStepStatus } from '@app/shared';
import { api } from '../../../lib/api-client';

/** Two-step sign-in and signed-in devices of Manage Profile (decision 023). */
export const twoStepQuery = queryOptions({ queryKey: ['/me/two-step'], queryFn: () => api<TwoStepStatus>('/me/two-step') });
export const sessionsQuery = queryOptions({
  queryKey: ['/me/sessions'],
  queryFn: async () => (await api<{ items: SignedInDevice[] }>('/me/sessions')).items,
});

export const useTwoStepStatus = () => useQuery(twoStepQuery);
export const useSessions = () => useQuery(sessionsQuery);

export function useStartTwoStep() {
  return useMutation({ mutationFn: () => api<TwoStepStart>('/me/two-step', { method: 'POST' }) });
}

export function useConfirmTwoStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<{ recoveryCodes: string[] }>('/me/two-step/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoStepQuery.queryKey }),
  });
}

export function useDisableTwoStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<void>('/me/two-step', { method: 'DELETE', body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoStepQuery.queryKey }),
  });
}

/** DELETE /me/sessions/{id}, or every other one with `'others'`. */
export function useSignOutDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(id === 'others' ? '/me/sessions?others=true' : `/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
