import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportField, ImportPreview, ImportSummary, ImportUpload, UndoResult } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';

const base = '/people-imports';
const importsKey = ['people-imports'] as const;
const ACTIVE = new Set(['preparing', 'queued', 'running']);

/** Whether an import is still being written (its progress is polled and shown). */
export const isImportActive = (status: string) => ACTIVE.has(status);

/** The people import endpoints (decision 036): upload, preview, confirm, progress, undo. */
export const importApi = {
  useUpload: () =>
    useMutation({
      mutationFn: ({ file, churchId }: { file: File; churchId?: string | null }) => {
        const form = new FormData();
        if (churchId) form.append('churchId', churchId);
        form.append('file', file);
        return api<ImportUpload>(base, { method: 'POST', body: form });
      },
    }),
  usePreview: (id: string | undefined, mapping: Array<ImportField | null>) =>
    useQuery({
      queryKey: [...importsKey, id, 'preview', mapping],
      queryFn: () => api<ImportPreview>(`${base}/${id}/preview`, { method: 'POST', body: { mapping } }),
      enabled: !!id,
      staleTime: Infinity,
      placeholderData: (previous) => previous,
    }),
  useConfirm: () => {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: ({ id, mapping, invite }: { id: string; mapping: Array<ImportField | null>; invite: boolean }) =>
        api<ImportSummary>(`${base}/${id}/confirm`, { method: 'POST', body: { mapping, invite } }),
      onSuccess: () => qc.invalidateQueries({ queryKey: importsKey }),
    });
  },
  /** One import, asked again every second while it runs. */
  useOne: (id: string | undefined) =>
    useQuery({
      queryKey: [...importsKey, id],
      queryFn: () => api<ImportSummary>(`${base}/${id}`),
      enabled: !!id,
      refetchInterval: (q) => (q.state.data && isImportActive(q.state.data.status) ? 1000 : false),
    }),
  useList: () => useQuery({ queryKey: [...importsKey, 'list'], queryFn: () => api<ImportSummary[]>(base) }),
  useUndo: () => {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (id: string) => api<UndoResult>(`${base}/${id}/undo`, { method: 'POST' }),
      onSuccess: () => {
        void qc.invalidateQueries({ queryKey: importsKey });
        void qc.invalidateQueries({ queryKey: listKey('/users') });
      },
    });
  },
};
