import { useQuery } from '@tanstack/react-query';
import type { ChurchListItem } from '@app/shared';
import type { ListParams } from '../../../components/data-table/list-params';
import { listQueryOptions } from '../../../components/data-table/use-list-query';

/** GET /churches (platform admins): the list's path, also its cache key and CSV export. */
export const churchesPath = '/churches';

export function useChurches(params: ListParams) {
  return useQuery(listQueryOptions<ChurchListItem>(churchesPath, params));
}
