import { useQuery } from '@tanstack/react-query';
import type { EventSummary } from '@app/shared';
import type { ListParams } from '../../../components/data-table/list-params';
import { listQueryOptions } from '../../../components/data-table/use-list-query';

/** GET /events: the path is also the list's cache key and its CSV export. */
export const eventsPath = '/events';

export function useEvents(params: ListParams) {
  return useQuery(listQueryOptions<EventSummary>(eventsPath, params));
}
