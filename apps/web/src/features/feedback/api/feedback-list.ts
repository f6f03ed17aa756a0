import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Feedback } from '@app/shared';
import { api } from '../../../lib/api-client';
import { listKey, listQueryOptions } from '../../../components/data-table/use-list-query';
import type { ListParams } from '../../../components/data-table/list-params';
import { FEEDBACK_PATH } from '../../../components/feedback/send-feedback';


/** GET /feedback: the church's feedback (every church for platform admins). */
export const useFeedbackList = (params: ListParams) => useQuery(listQueryOptions<Feedback>(FEEDBACK_PATH, params));

/** DELETE /feedback/:id; every page of the list is refreshed. */
export function useDeleteFeedback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${FEEDBACK_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(FEEDBACK_PATH) }),
  });
}
