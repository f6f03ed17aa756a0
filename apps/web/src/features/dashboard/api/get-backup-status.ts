import { useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /backups/status: whether the newest backup run failed (platform administrators, decision 032). */
export const useBackupStatus = () =>
  useQuery({ queryKey: ['/backups/status'], queryFn: () => api<BackupStatus>('/backups/status') });
