import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginBody, Me } from '@app/shared';
import type { loginTwoStepBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { storeUser } from '../../../lib/stored-user';

/** What the password step answers: the person, or a request for the two-step code (decision 023). */
export type LoginResult = Me | { twoStep: 'code' };
export const needsCode = (r: LoginResult): r is { twoStep: 'code' } => 'twoStep' in r;

/** POST /auth/login: the server sets the `sid` cookie (a half session while a code is needed). */
export function login(body: LoginBody): Promise<LoginResult> {
  return api<LoginResult>('/auth/login', { method: 'POST', body });
}

/** POST /auth/login/two-step: the code or a recovery code; answers the person. */
export function loginTwoStep(body: z.input<typeof loginTwoStepBody>): Promise<Me> {
  return api<Me>('/auth/login/two-step', { method: 'POST', body });
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    // Nothing cached for whoever used this browser before may show to the person now signed in.
    queryClient.clear();
    storeUser(me);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!needsCode(result)) signedIn(result);
    },
  });
}

export function useLoginTwoStep() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginTwoStep, onSuccess: signedIn });
}
