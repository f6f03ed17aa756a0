import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQueryString, type ListParams } from './list-params';
import type { ListPage } from './list-table';

/**
 * The query of one list endpoint for the state in the URL. The key starts with the endpoint's path,
 * so a mutation invalidates every page of that list with `listKey(path)`. The previous page stays on
 * screen while the next loads, so paging does not flash a skeleton.
 */
export function listQueryOptions<T>(path: string, params: ListParams) {
  return queryOptions({
    queryKey: [...listKey(path), params],
    queryFn: () => api<ListPage<T>>(`${path}?${apiQueryString(params)}`),
    placeholderData: keepPreviousData,
  });
}

export const listKey = (path: string) => ['list', path] as const;

/** The CSV download of the same query: every page, in the same order. */
export function exportUrl(path: string, params: ListParams): string {
  const qs = new URLSearchParams(apiQueryString(params));
  qs.delete('page');
  qs.delete('pageSize');
  return `/api/v1${path}/export.csv?${qs.toString()}`;
}
