import { useMutation } from '@tanstack/react-query';
import type { AcceptInvitationBody } from '@app/shared';
import { api } from '../../../lib/api-client';

/** POST /auth/invitation: an invited person sets their own password from the emailed link. */
export function acceptInvitation(body: AcceptInvitationBody): Promise<void> {
  return api<void>('/auth/invitation', { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
