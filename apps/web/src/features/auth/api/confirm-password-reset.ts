import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetConfirmBody } from '@app/shared';
import { api } from '../../../lib/api-client';

export type ResetConfirmBody = z.input<typeof resetConfirmBody>;

/** POST /auth/password-reset/confirm: sets the new password and uses the code up. */
export function confirmPasswordReset(body: ResetConfirmBody): Promise<void> {
  return api<void>('/auth/password-reset/confirm', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
