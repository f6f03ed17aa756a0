import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD, type Me } from '@app/shared';
import { api } from '../../../lib/api-client';
import { meQuery } from './get-me';

/** PUT /me/photo (multipart, one JPG or PNG up to 5 MB); answers the person with the new photoUrl. */
export function uploadPhoto(file: File): Promise<Me> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  return api<Me>('/me/photo', { method: 'PUT', body });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
