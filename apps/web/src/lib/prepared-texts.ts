import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreparedText, PreparedTextSummary, UpdatePreparedTextBody } from '@app/shared';
import { api } from './api-client';

/** Prepared sermon notes, readings and lyrics of a church (decision 026): prepared before, sent during the sermon. */
const base = (churchId: string) => `/churches/${encodeURIComponent(churchId)}/prepared-texts`;
const listKey = (churchId: string) => ['prepared-texts', churchId] as const;

/** GET …/prepared-texts: the newest first. */
export const usePreparedTexts = (churchId: string) =>
  useQuery({ queryKey: listKey(churchId), queryFn: () => api<{ items: PreparedTextSummary[] }>(`${base(churchId)}?pageSize=100`).then((p) => p.items) });

/** GET …/prepared-texts/{textId}: the paragraphs with their translations. */
export const usePreparedText = (churchId: string, textId: string | null) =>
  useQuery({ queryKey: [...listKey(churchId), textId], queryFn: () => api<PreparedText>(`${base(churchId)}/${textId}`), enabled: textId !== null });

/** POST …/prepared-texts: pasted text (JSON) or a .txt, .md or .docx file (multipart). */
export function useCreatePreparedText(churchId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; text?: string; file?: File | null; sourceLanguage?: string }) => {
      if (input.file) {
        const form = new FormData();
        form.append('title', input.title);
        if (input.sourceLanguage) form.append('sourceLanguage', input.sourceLanguage);
        form.append('file', input.file);
        return api<PreparedText>(base(churchId), { method: 'POST', body: form });
      }
      return api<PreparedText>(base(churchId), { method: 'POST', body: { title: input.title, text: input.text ?? '', sourceLanguage: input.sourceLanguage } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(churchId) }),
  });
}

/** PATCH …/prepared-texts/{textId}: new wording and order; only changed paragraphs are translated again. */
export function useUpdatePreparedText(churchId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePreparedTextBody }) => api<PreparedText>(`${base(churchId)}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(churchId) }),
  });
}

/** DELETE …/prepared-texts/{textId}. */
export function useDeletePreparedText(churchId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(churchId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(churchId) }),
  });
}
