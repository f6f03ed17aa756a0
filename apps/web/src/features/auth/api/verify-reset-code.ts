import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetVerifyBody } from '@app/shared';
import { api } from '../../../lib/api-client';

export type ResetVerifyBody = z.input<typeof resetVerifyBody>;

/** POST /auth/password-reset/verify: 200 when the code is right, else 400 `invalid_reset_code`. */
export function verifyResetCode(body: ResetVerifyBody): Promise<void> {
  return api<void>('/auth/password-reset/verify', { method: 'POST', body });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
