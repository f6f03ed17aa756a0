import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGlossaryEntryBody, GlossaryEntry } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';

/** POST …/glossary (no id) or PATCH …/glossary/{entryId}; every page of the list is refreshed. */
export function useSaveGlossaryEntry(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateGlossaryEntryBody }) =>
      api<GlossaryEntry>(id ? `${path}/${id}` : path, { method: id ? 'PATCH' : 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(path) }),
  });
}
