import { z } from 'zod';
import { listQuery } from './api';
import { msg } from './validation';

/**
 * The query of one list (decision 010): `page`, `pageSize`, `q`, and `sort` limited to the
 * columns the resource allows (`lastName` ascending, `-lastName` descending), plus its own filters.
 * A sort value outside the allow-list answers 400 on `sort`; it never reaches SQL.
 */
export function listQueryFor<const S extends readonly string[], F extends z.ZodRawShape>(sortable: S, filters: F) {
  const allowed = new Set<string>(sortable.flatMap((c) => [c, `-${c}`]));
  return listQuery.extend({
    sort: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || v === '' || allowed.has(v), msg('invalidChoice'))
      .transform((v) => (v ? (v as SortValue<S[number]>) : undefined)),
    ...filters,
  });
}

export type SortValue<C extends string> = C | `-${C}`;

/** `?x=true|false` as a boolean filter (query strings carry text). */
export const booleanFilter = z
  .enum(['true', 'false'], { error: msg('invalidChoice') })
  .transform((v) => v === 'true')
  .optional();

/** `?from=&to=` as ISO dates or date-times; `to` is exclusive. */
export const dateRangeFilters = {
  from: z.iso.datetime({ offset: true, error: msg('dateInvalid') }).or(z.iso.date({ error: msg('dateInvalid') })).optional(),
  to: z.iso.datetime({ offset: true, error: msg('dateInvalid') }).or(z.iso.date({ error: msg('dateInvalid') })).optional(),
};

/** A list answer's `Accept` for CSV; every list also answers `…/export.csv`. */
export const CSV_MEDIA_TYPE = 'text/csv';
