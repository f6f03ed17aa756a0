import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupEntry } from '@app/shared';
import { api } from '../../../lib/api-client';
import { backupsQuery } from './get-backups';

/** POST /backups ("Back up now"): the run starts on the server; the list then shows its progress. */
export function useStartBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<BackupEntry>('/backups', { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: backupsQuery.queryKey }),
  });
}
