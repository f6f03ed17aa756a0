import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, type AccessRule } from '@app/shared';
import { requireActor } from './access';
import { sendCsv, sendXlsx, wantsCsv, type CsvColumn, type Page } from './lists';
import type { Actor } from './session';

export interface ListRouteOptions<Q extends z.ZodType, Item> {
  /** e.g. `/users`; `/users/export.csv` is registered beside it. */
  url: string;
  tags: string[];
  summary: string;
  querystring: Q;
  /** Path parameters of a nested list (`/churches/:id/glossary`), handed to `page` and `all`. */
  params?: z.ZodType;
  item: z.ZodType<Item>;
  requires: AccessRule;
  /** Download name of the CSV, e.g. `users.csv`. */
  filename: string;
  csvColumns: CsvColumn<Item>[];
  page: (actor: Actor, query: z.output<Q>, params: Record<string, string>) => Promise<Page<Item>>;
  /** Every item of the same query, in the same order, streamed from the database in batches. */
  all: (actor: Actor, query: z.output<Q>, params: Record<string, string>) => AsyncIterable<Item> | Promise<AsyncIterable<Item>>;
}

/**
 * Registers a list: `GET url` answers `{ items, total, page, pageSize }`, or CSV of the whole query
 * for `Accept: text/csv`; `GET url/export.csv` is the same CSV for a plain download link, and
 * `GET url/export.xlsx` the same rows as a workbook (decision 036).
 */
export function registerListRoutes<Q extends z.ZodType, Item>(app: FastifyInstance, o: ListRouteOptions<Q, Item>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const description = 'Paged (`page`, `pageSize` ≤ 100), searched (`q`, ignoring case and accents), sorted (`sort=col` or `sort=-col`) and filtered. `Accept: text/csv` answers the whole query as CSV.';
  api.get(o.url, {
    schema: { tags: o.tags, summary: o.summary, description, querystring: o.querystring, ...(o.params ? { params: o.params } : {}), response: { 200: pageOf(o.item) } },
    config: { requires: o.requires },
  }, async (req, reply) => {
    const actor = requireActor(req);
    const query = req.query as z.output<Q>;
    const params = req.params as Record<string, string>;
    if (wantsCsv(req.headers.accept)) return sendCsv(reply, o.filename, o.csvColumns, await o.all(actor, query, params));
    return o.page(actor, query, params);
  });
  api.get(`${o.url}/export.csv`, {
    schema: { tags: o.tags, summary: `${o.summary} as CSV`, description: 'The same query as the list, every page, streamed.', querystring: o.querystring, ...(o.params ? { params: o.params } : {}) },
    config: { requires: o.requires },
  }, async (req, reply) => sendCsv(reply, o.filename, o.csvColumns, await o.all(requireActor(req), req.query as z.output<Q>, req.params as Record<string, string>)));
  api.get(`${o.url}/export.xlsx`, {
    schema: { tags: o.tags, summary: `${o.summary} as XLSX`, description: 'The same query and columns as the CSV, as a workbook.', querystring: o.querystring, ...(o.params ? { params: o.params } : {}) },
    config: { requires: o.requires },
  }, async (req, reply) => sendXlsx(reply, o.filename.replace(/\.csv$/, '.xlsx'), o.csvColumns, await o.all(requireActor(req), req.query as z.output<Q>, req.params as Record<string, string>)));
}
