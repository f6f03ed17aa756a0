import { PassThrough, Readable } from 'node:stream';
import { asc, desc, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { NAME_BY_TEXT } from '../db/named-statements';
import { whereShape, type ListStatements, type WhereShape } from './list-statements';

/**
 * The one list machinery of the product (decision 010; STYLE.md "one list machinery"). A resource
 * describes its rows once — a select with its joins, a count over the same joins, the sortable
 * columns and how a row becomes an item — and gets a page (`{ items, total, page, pageSize }`) and a
 * CSV export of the very same query, read from the database in batches.
 */
export interface ListSource<Q extends PgSelect, Item> {
  /** `db.select(…).from(…).leftJoin(…).$dynamic()`: the rows, without where/order/limit. */
  rows: () => Q;
  /** `db.select({ n: count() }).from(…)` with the same joins the filters need, `.$dynamic()`. */
  count: () => PgSelect;
  /** Allow-listed sort keys (the shared schema already refused others) → expression. */
  sortable: Record<string, AnyColumn | SQLWrapper>;
  /** e.g. `-createdAt`. */
  defaultSort: string;
  /** Last ORDER BY term, so pages never overlap when the sort column has equal values. */
  tiebreak: AnyColumn;
  toItem: (row: Awaited<Q>[number]) => Item;
  /**
   * Optional, for large tables: the tiebreak column alone (`select({ key: t.id }).from(t)` plus only
   * the joins the filters and sorts need). A page's keys are found on this narrow query — often an
   * index-only scan — and only those rows are then read whole ("deferred join"). `keyOf` reads the
   * key back from a whole row.
   */
  keys?: () => PgSelect;
  keyOf?: (row: Awaited<Q>[number]) => string;
  /**
   * Optional: reuse the total's and the page's statements by shape (`listStatements(db, name)`).
   * Only for a source whose rows, count and sorts depend on nothing but the database: the where
   * clause's text is part of the shape, its values are sent anew each time.
   */
  statements?: ListStatements;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  sort?: string;
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

type Ordering = Pick<ListSource<PgSelect, unknown>, 'sortable' | 'defaultSort' | 'tiebreak'>;

function orderBy(source: Ordering, sort: string | undefined): SQL[] {
  const wanted = sort || source.defaultSort;
  const descending = wanted.startsWith('-');
  const key = descending ? wanted.slice(1) : wanted;
  const column = source.sortable[key] ?? source.sortable[source.defaultSort.replace(/^-/, '')]!;
  const direction = descending ? desc : asc;
  // PostgreSQL's default NULL placement (last ascending, first descending) is what lets one
  // (column, id) index serve both directions; a fixed NULLS LAST would force a sort on descending.
  return [direction(column as AnyColumn), direction(source.tiebreak)];
}

/**
 * A condition matching `q` anywhere in `searchColumn`, ignoring letter case and accents ("joao"
 * finds "João"). The column must hold `f_unaccent(lower(…))` text (migration 0001); LIKE's own
 * wildcards in `q` are taken literally.
 */
export function searchMatches(searchColumn: AnyColumn | SQLWrapper, q: string | undefined): SQL | undefined {
  // PostgreSQL text cannot hold a NUL character (the driver refuses the parameter), so none is ever
  // matched: it is dropped from the term, like the spaces around it.
  const term = q?.replace(/\0/g, '').trim();
  if (!term) return undefined;
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${searchColumn} like '%' || f_unaccent(lower(${escaped})) || '%'`;
}

/** Text ordered as people expect: letter case and accents ignored (Émile between Adams and Formula). */
export const humanOrder = (column: AnyColumn | SQLWrapper): SQL => sql`f_unaccent(lower(${column}))`;

/**
 * A page size written into the statement rather than sent as a parameter: with `limit $n` PostgreSQL
 * cannot tell a page of 20 from 20,000 until it has the value, so it plans the statement again on
 * every request; with the number in the text it keeps one plan per connection (decision 028). Only
 * whole numbers from the validated request reach it, so the text set stays small.
 */
function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a page size: ${limit}`);
  // Drizzle writes an SQL object in the limit clause as it is; its type says number only.
  return sql.raw(String(limit)) as unknown as number;
}

const flip = (sort: string) => (sort.startsWith('-') ? sort.slice(1) : `-${sort}`);

/** A list's condition, and its shape when the source reuses statements by shape. */
interface Where {
  sql: SQL | undefined;
  shape?: WhereShape;
}

/**
 * How deep a page must start for its keys to be found on the narrow key query first. Above it, the
 * rows to skip are walked on an index alone; below it, reading the page directly costs PostgreSQL
 * half as much (the nested statement takes twice as long to plan, with a table of many indexes
 * named three times; decision 028).
 */
const DEFERRED_JOIN_FROM = 200;

/**
 * Rows `offset … offset + limit` in `sort` order. With a narrow key query, a deep page's keys are
 * found on it and the whole rows read in the same statement (`tiebreak in (keys … limit)`): one round
 * trip, not two (decision 028).
 */
async function readRows<Q extends PgSelect, Item>(source: ListSource<Q, Item>, sort: string, where: Where, limit: number, offset: number, deferredJoinFrom: number) {
  const order = orderBy(source, sort);
  const size = literalLimit(limit);
  if (!source.keys || offset < deferredJoinFrom) {
    const read = () => source.rows().where(where.shape ? where.shape.placeholders() : where.sql).orderBy(...order).limit(size)
      .offset(where.shape && offset > 0 ? sql.placeholder('offset') as unknown as number : offset).prepare(NAME_BY_TEXT);
    const statement = where.shape ? source.statements!.get(`page ${where.shape.text} ${sort} ${limit} ${offset > 0}`, read) : read();
    return (await statement.execute({ ...where.shape?.values, offset })) as Awaited<Q>;
  }
  const page = source.keys().where(where.sql).orderBy(...order).limit(size).offset(offset);
  return (await source.rows().where(inArray(source.tiebreak, page)).orderBy(...order)) as Awaited<Q>;
}

/**
 * One page of the list and the total of the same filters. A page in the back half is read in the
 * reverse order from the other end and turned round, so the last page of 100,000 rows costs what
 * the first does instead of walking past 99,980 others.
 */
export async function listPage<Q extends PgSelect, Item>(
  source: ListSource<Q, Item>,
  request: PageRequest,
  where: SQL | undefined,
  deferredJoinFrom = DEFERRED_JOIN_FROM,
): Promise<Page<Item>> {
  const shaped: Where = { sql: where, shape: source.statements ? whereShape(where) : undefined };
  const countIt = () => source.count().where(shaped.shape ? shaped.shape.placeholders() : where).prepare(NAME_BY_TEXT);
  const counting = shaped.shape ? source.statements!.get(`count ${shaped.shape.text}`, countIt) : countIt();
  const counted = (await counting.execute(shaped.shape?.values)) as Array<{ n?: number }>;
  const total = Number(counted[0]?.n ?? 0);
  const sort = request.sort || source.defaultSort;
  const offset = (request.page - 1) * request.pageSize;
  let rows: Awaited<Q>;
  if (offset >= total) rows = [] as unknown as Awaited<Q>;
  else if (offset > total / 2) {
    const end = Math.min(total, offset + request.pageSize);
    const reversed = await readRows(source, flip(sort), shaped, end - offset, total - end, deferredJoinFrom);
    rows = [...reversed].reverse() as Awaited<Q>;
  } else rows = await readRows(source, sort, shaped, request.pageSize, offset, deferredJoinFrom);
  return { items: rows.map(source.toItem), total, page: request.page, pageSize: request.pageSize };
}

const EXPORT_BATCH = 1000;
const EXPORT_KEY_CHUNK = 10_000;

/** Every item of the list, in its order, a batch at a time: never the whole list in memory. */
export async function* listAll<Q extends PgSelect, Item>(
  source: ListSource<Q, Item>,
  sort: string | undefined,
  where: SQL | undefined,
  sizes: { keyChunk: number; batch: number } = { keyChunk: EXPORT_KEY_CHUNK, batch: EXPORT_BATCH },
): AsyncGenerator<Item> {
  const order = orderBy(source, sort || source.defaultSort);
  if (source.keys && source.keyOf) {
    // Keys in order a chunk at a time on the narrow query (often index-only, so its OFFSET is cheap),
    // then whole rows a batch at a time: neither the keys nor the rows of the whole list are ever in
    // memory at once.
    for (let offset = 0; ; offset += sizes.keyChunk) {
      const keys = ((await source.keys().where(where).orderBy(...order).limit(sizes.keyChunk).offset(offset)) as Array<{ key: string }>).map((k) => k.key);
      for (let i = 0; i < keys.length; i += sizes.batch) {
        const batch = keys.slice(i, i + sizes.batch);
        const rows = (await source.rows().where(inArray(source.tiebreak, batch))) as Awaited<Q>;
        const byKey = new Map(rows.map((r) => [source.keyOf!(r), r]));
        for (const key of batch) {
          const row = byKey.get(key);
          if (row !== undefined) yield source.toItem(row);
        }
      }
      if (keys.length < sizes.keyChunk) return;
    }
  }
  for (let offset = 0; ; offset += sizes.batch) {
    const rows = (await source.rows().where(where).orderBy(...order).limit(sizes.batch).offset(offset)) as Awaited<Q>;
    for (const row of rows) yield source.toItem(row);
    if (rows.length < sizes.batch) return;
  }
}

export interface CsvColumn<Item> {
  header: string;
  value: (item: Item) => unknown;
}

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab/return) as a formula: such text is
 * prefixed with an apostrophe so it shows as typed (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return neutraliseFormula(String(value));
}

/** Streams `items` as CSV with a header row; rows are produced as the client reads them. */
export function sendCsv<Item>(reply: FastifyReply, filename: string, columns: CsvColumn<Item>[], items: AsyncIterable<Item>) {
  const rows = Readable.from(
    (async function* () {
      yield columns.map((c) => c.header);
      for await (const item of items) yield columns.map((c) => cell(c.value(item)));
    })(),
  );
  // UTF-8 with a byte-order mark, so spreadsheet apps read names such as João correctly.
  const csv = rows.pipe(stringify({ bom: true, record_delimiter: 'windows' }));
  rows.on('error', (err) => csv.destroy(err));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/**
 * Streams `items` as an XLSX workbook of one sheet, the same columns and cells as the CSV (formula
 * text neutralised too: a cell copied out of the sheet into another one stays text). Rows are
 * committed as they come, so a long list is never held whole (decision 036).
 */
export async function sendXlsx<Item>(reply: FastifyReply, filename: string, columns: CsvColumn<Item>[], items: AsyncIterable<Item>) {
  // Loaded on the first export, not with every server start: it is a large library.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Export');
  (async () => {
    sheet.addRow(columns.map((c) => c.header)).commit();
    for await (const item of items) sheet.addRow(columns.map((c) => cell(c.value(item)))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** Whether the client asked for CSV (`Accept: text/csv`) rather than JSON. */
export function wantsCsv(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/csv\b/i.test(accept);
}
