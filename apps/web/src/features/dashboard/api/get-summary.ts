import { useQuery } from '@tanstack/react-query';
import type { Summary } from '@app/shared';
import { api } from '../../../lib/api-client';

export interface AppliedFilters {
  churchId: string | null;
  range: string;
  from: string | null;
  to: string | null;
}

export function summaryPath(f: AppliedFilters): string {
  const qs = new URLSearchParams({ range: f.range });
  if (f.churchId) qs.set('churchId', f.churchId);
  if (f.range === 'custom' && f.from && f.to) {
    qs.set('from', f.from);
    qs.set('to', f.to);
  }
  return `/analytics/summary?${qs.toString()}`;
}

/** GET /analytics/summary for the applied filters; nothing loads until filters are applied (spec). */
export function useSummary(applied: AppliedFilters | null) {
  return useQuery({
    queryKey: ['analytics', 'summary', applied],
    queryFn: () => api<Summary>(summaryPath(applied!)),
    enabled: applied !== null,
  });
}
