import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFeedbackBody, Feedback } from '@app/shared';
import { api } from '../../lib/api-client';
import { listKey } from '../data-table/use-list-query';

export const FEEDBACK_PATH = '/feedback';

/** POST /feedback: from the feedback screen, or the listener screen when a sermon ends. */
export const sendFeedback = (body: CreateFeedbackBody) => api<Feedback>(FEEDBACK_PATH, { method: 'POST', body });

export function useSendFeedback() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendFeedback, onSuccess: () => qc.invalidateQueries({ queryKey: listKey(FEEDBACK_PATH) }) });
}
