import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TranslationFlag } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey, listQueryOptions } from '../../../components/data-table/use-list-query';
import type { ListParams } from '../../../components/data-table/list-params';

export const FLAGS_PATH = '/translation-flags';

/** GET /translation-flags: listeners' flags on captions of the church. */
export const useTranslationFlags = (params: ListParams) => useQuery(listQueryOptions<TranslationFlag>(FLAGS_PATH, params));

/** POST /translation-flags/{id}/dismiss. */
export function useDismissFlag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TranslationFlag>(`${FLAGS_PATH}/${id}/dismiss`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(FLAGS_PATH) }),
  });
}
