import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD, type ChurchDetails } from '@app/shared';
import { api } from '../../../lib/api-client';
import { churchQueryKey } from './get-church';

const imagePath = (churchId: string) => `/churches/${encodeURIComponent(churchId)}/image`;

/** PUT /churches/:id/image (multipart `file`): JPEG, PNG or GIF under 5 MB. */
export function uploadChurchImage(churchId: string, file: File): Promise<ChurchDetails> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  return api<ChurchDetails>(imagePath(churchId), { method: 'PUT', body });
}

/** DELETE /churches/:id/image. */
export function deleteChurchImage(churchId: string): Promise<ChurchDetails> {
  return api<ChurchDetails>(imagePath(churchId), { method: 'DELETE' });
}

export function useChurchImage(churchId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (details: ChurchDetails) => queryClient.setQueryData(churchQueryKey(churchId), details);
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadChurchImage(churchId, file), onSuccess }),
    remove: useMutation({ mutationFn: () => deleteChurchImage(churchId), onSuccess }),
  };
}
