import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupList } from '@app/shared';
import { api } from '../../../lib/api-client';

/** GET /backups: kept, running and failed backups, and the schedule they follow (decision 032). */
export const backupsQuery = queryOptions({
  queryKey: ['/backups'],
  queryFn: () => api<BackupList>('/backups'),
  // While a backup runs, its progress is read again every second and a half.
  refetchInterval: (query) => (query.state.data?.items.some((i) => i.state === 'running') ? 1500 : false),
});

export const useBackups = () => useQuery(backupsQuery);
