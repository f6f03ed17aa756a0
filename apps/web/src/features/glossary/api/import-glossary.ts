import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GlossaryImportResult } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey } from '../../../components/data-table/use-list-query';

/** POST …/glossary/import: a CSV file, every row or none. */
export function useImportGlossary(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<GlossaryImportResult>(`${path}/import`, { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(path) }),
  });
}
