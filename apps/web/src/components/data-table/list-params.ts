import { PAGE_SIZE_DEFAULT } from '@app/shared';

/**
 * A list's state as it lives in the URL (decision 010): `page`, `pageSize`, `q`, `sort`
 * (`col` or `-col`) and the list's own filters. Pure functions, so they are tested without a browser.
 */
export interface ListParams {
  page: number;
  pageSize: number;
  q: string;
  sort: string;
  filters: Record<string, string>;
}

const RESERVED = new Set(['page', 'pageSize', 'q', 'sort']);
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function readListParams(search: URLSearchParams, filterKeys: readonly string[], defaultSort: string): ListParams {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = search.get(key);
    if (value && !RESERVED.has(key)) filters[key] = value;
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZE_DEFAULT,
    q: search.get('q') ?? '',
    sort: search.get('sort') || defaultSort,
    filters,
  };
}

/**
 * The URL for the next state. Defaults are left out so a plain list has a plain URL; anything that
 * narrows or reorders the list sends the person back to page 1.
 */
export function writeListParams(current: URLSearchParams, change: Partial<ListParams>, defaultSort: string): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  if (change.q !== undefined) set('q', change.q.trim());
  if (change.sort !== undefined) set('sort', change.sort, defaultSort);
  if (change.pageSize !== undefined) set('pageSize', change.pageSize, PAGE_SIZE_DEFAULT);
  for (const [key, value] of Object.entries(change.filters ?? {})) set(key, value);
  const narrowed = change.q !== undefined || change.sort !== undefined || change.pageSize !== undefined || change.filters !== undefined;
  set('page', change.page ?? (narrowed ? 1 : undefined), 1);
  return next;
}

/** The API query string of the same state (`?page=…&pageSize=…&q=…&sort=…&filter=…`). */
export function apiQueryString(params: ListParams): string {
  const qs = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize), sort: params.sort });
  if (params.q.trim()) qs.set('q', params.q.trim());
  for (const [key, value] of Object.entries(params.filters)) qs.set(key, value);
  return qs.toString();
}

/** `sort` as mantine-datatable's sort status, and back. */
export const toSortStatus = (sort: string) => ({
  columnAccessor: sort.replace(/^-/, ''),
  direction: sort.startsWith('-') ? ('desc' as const) : ('asc' as const),
});
export const fromSortStatus = (s: { columnAccessor: string; direction: 'asc' | 'desc' }) =>
  `${s.direction === 'desc' ? '-' : ''}${s.columnAccessor}`;
