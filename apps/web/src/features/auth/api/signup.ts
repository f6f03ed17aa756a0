import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignupBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { storeUser } from '../../../lib/stored-user';

/** POST /auth/signup: creates the member and signs them in (201 with the person). */
export function signup(body: SignupBody): Promise<Me> {
  return api<Me>('/auth/signup', { method: 'POST', body });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (me) => {
      queryClient.clear();
      storeUser(me);
    },
  });
}
