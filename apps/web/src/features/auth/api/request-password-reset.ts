import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetRequestBody } from '@app/shared';
import { api } from '../../../lib/api-client';

export type ResetRequestBody = z.input<typeof resetRequestBody>;

/** POST /auth/password-reset: always 202, whether the email exists or not (ARCHITECTURE.md 6). */
export function requestPasswordReset(body: ResetRequestBody): Promise<void> {
  return api<void>('/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
