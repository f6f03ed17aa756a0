import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@app/shared';
import { api } from '../../../lib/api-client';

/** POST /me/password → 204; a wrong current password is a 400 on `currentPassword`. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api<void>('/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
