import { useQuery } from '@tanstack/react-query';
import type { MyDashboard } from '@app/shared';
import { api } from '../../../lib/api-client';

export const myDashboardKey = ['analytics', 'my-dashboard'] as const;

/** GET /analytics/my-dashboard: today's sermons, one's own, next events and recent listening. */
export function useMyDashboard() {
  return useQuery({ queryKey: myDashboardKey, queryFn: () => api<MyDashboard>('/analytics/my-dashboard'), refetchInterval: 30_000 });
}
