import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateMeBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { storeUser } from '../../../lib/stored-user';
import { meQuery } from './get-me';

/** PATCH /me: only the fields sent change; answers the updated person. */
export function updateMe(body: UpdateMeBody): Promise<Me> {
  return api<Me>('/me', { method: 'PATCH', body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => {
      queryClient.setQueryData(meQuery.queryKey, me);
      // The header shows the stored name (spec section 3), so it follows the change at once.
      storeUser(me);
    },
  });
}
