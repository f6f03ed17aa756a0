import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, Me } from '@app/shared';
import { api } from '../../../lib/api-client';
import { storeUser } from '../../../lib/stored-user';

/** POST /auth/login: the server sets the `sid` cookie and answers with the person. */
export function login(body: LoginBody): Promise<Me> {
  return api<Me>('/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => {
      // Nothing cached for whoever used this browser before may show to the person now signed in.
      queryClient.clear();
      storeUser(me);
    },
  });
}
