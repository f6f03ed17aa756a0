import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGlossaryEntryBody, GlossaryEntry } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';
import { FLAGS_PATH } from './translation-flags';

/**
 * POST …/glossary (no id), PATCH …/glossary/{entryId}, or, from a listener's flag,
 * POST /translation-flags/{flagId}/accept; the lists concerned are refreshed.
 */
export function useSaveGlossaryEntry(path: string, fromFlagId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateGlossaryEntryBody }) => {
      if (fromFlagId) return api<GlossaryEntry>(`${FLAGS_PATH}/${fromFlagId}/accept`, { method: 'POST', body });
      return api<GlossaryEntry>(id ? `${path}/${id}` : path, { method: id ? 'PATCH' : 'POST', body });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: listKey(path) });
      if (fromFlagId) await qc.invalidateQueries({ queryKey: listKey(FLAGS_PATH) });
    },
  });
}
