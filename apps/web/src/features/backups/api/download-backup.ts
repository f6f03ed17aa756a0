import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /backups/{name}/download with a fresh code from the authenticator app: the server answers a
 * link of this person's, valid for a minute, which the browser then follows to save the file.
 */
export function useDownloadLink() {
  return useMutation({
    mutationFn: ({ name, code }: { name: string; code?: string }) =>
      api<{ url: string }>(`/backups/${encodeURIComponent(name)}/download`, { method: 'POST', body: code ? { code } : {} }),
  });
}
