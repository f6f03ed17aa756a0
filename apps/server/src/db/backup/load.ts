import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { unframeHead, type BackupHead, type EndLine, type TableLine } from './format';
import type { Query } from './migrations';
import { SealedFileError, type SealedReader } from './sealed-file';
import { tableLinks } from './tables';

// Rows per INSERT: one jsonb parameter of a few MB at most.
const ROWS_PER_INSERT = 2_000;
const BYTES_PER_INSERT = 4 * 1024 * 1024;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The head of a backup, from its first chunk(s) alone (authenticated, but the rest of the file is not read). */
export async function readBackupHead(reader: SealedReader): Promise<BackupHead> {
  let bytes = Buffer.alloc(0);
  for (let i = 0; i < reader.chunkCount; i++) {
    bytes = Buffer.concat([bytes, await reader.chunk(i)]);
    const framed = unframeHead(bytes);
    if (framed) return framed.head;
  }
  throw new SealedFileError('damaged', 'it holds no description of its contents');
}

/** The decrypted bytes after the head: the gzip of the tables. */
async function* bodyOf(reader: SealedReader): AsyncGenerator<Buffer> {
  let pending: Buffer | null = Buffer.alloc(0);
  for await (const chunk of reader.chunks()) {
    if (pending === null) {
      yield chunk;
      continue;
    }
    pending = Buffer.concat([pending, chunk]);
    const framed = unframeHead(pending);
    if (framed) {
      yield framed.rest;
      pending = null;
    }
  }
}

/**
 * Newline-delimited lines of a byte stream. A chunk may end inside a character of several bytes
 * (Chinese, Arabic, an emoji): the decoder keeps its first bytes for the next chunk.
 */
export async function* linesOf(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of source) {
    const text = rest + decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      yield text.slice(start, end);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.end();
  if (rest) yield rest;
}

interface TargetColumn {
  type: string;
  isBytea: boolean;
}

async function targetColumns(query: Query, table: string): Promise<Map<string, TargetColumn>> {
  const rows = await query(`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, t.typname = 'bytea' as is_bytea
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`, [`public.${ident(table)}`]);
  return new Map(rows.map((r) => [r.name as string, { type: r.type as string, isBytea: r.is_bytea === true }]));
}

async function primaryKeyOf(query: Query, table: string): Promise<string[]> {
  const rows = await query(`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
    where i.indrelid = to_regclass($1) and i.indisprimary`, [`public.${ident(table)}`]);
  return rows.map((r) => r.name as string);
}

/** One table's rows going in: the INSERT, and the references to itself filled in afterwards. */
class TableLoader {
  private batch: string[] = [];
  private batchBytes = 0;
  private readonly laterColumns: number[];
  private readonly later: string[] = [];
  loaded = 0;

  private constructor(
    private readonly query: Query,
    readonly line: TableLine,
    private readonly insertSql: string,
    private readonly updateSql: string | null,
    laterColumns: number[],
    private readonly keyColumns: number[],
  ) {
    this.laterColumns = laterColumns;
  }

  static async create(query: Query, line: TableLine, selfColumns: string[]): Promise<TableLoader> {
    const columns = await targetColumns(query, line.table);
    if (columns.size === 0) throw new SealedFileError('damaged', `it holds table ${line.table}, which its migration level does not have`);
    const value = (name: string, i: number) => {
      const column = columns.get(name);
      if (!column) throw new SealedFileError('damaged', `it holds column ${line.table}.${name}, which its migration level does not have`);
      return column.isBytea ? `decode(e->>${i}, 'base64')` : `(e->>${i})::${column.type}`;
    };
    const deferred = line.columns.map((c, i) => (selfColumns.includes(c) ? i : -1)).filter((i) => i >= 0);
    const select = line.columns.map((c, i) => (deferred.includes(i) ? 'null' : value(c, i)));
    const insertSql = `insert into ${ident(line.table)} (${line.columns.map(ident).join(', ')}) overriding system value select ${select.join(', ')} from jsonb_array_elements($1::jsonb) e`;
    const key = await primaryKeyOf(query, line.table);
    const keyColumns = key.map((k) => line.columns.indexOf(k));
    let updateSql: string | null = null;
    if (deferred.length > 0) {
      if (key.length === 0 || keyColumns.includes(-1)) throw new Error(`table ${line.table} refers to itself but has no primary key in the backup`);
      // e holds the key's values, then the deferred columns' values, in that order.
      const sets = deferred.map((c, j) => `${ident(line.columns[c]!)} = ${value(line.columns[c]!, key.length + j)}`);
      const match = key.map((k, j) => `${ident(line.table)}.${ident(k)} = ${value(k, j)}`);
      updateSql = `update ${ident(line.table)} set ${sets.join(', ')} from jsonb_array_elements($1::jsonb) e where ${match.join(' and ')}`;
    }
    return new TableLoader(query, line, insertSql, updateSql, deferred, keyColumns);
  }

  async add(row: string): Promise<void> {
    this.batch.push(row);
    this.batchBytes += row.length;
    if (this.laterColumns.length > 0) {
      const values = JSON.parse(row) as Array<string | null>;
      if (this.laterColumns.some((i) => values[i] !== null)) {
        this.later.push(JSON.stringify([...this.keyColumns.map((i) => values[i]), ...this.laterColumns.map((i) => values[i])]));
      }
    }
    if (this.batch.length >= ROWS_PER_INSERT || this.batchBytes >= BYTES_PER_INSERT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    await this.query(this.insertSql, [`[${this.batch.join(',')}]`]);
    this.loaded += this.batch.length;
    this.batch = [];
    this.batchBytes = 0;
  }

  /** All rows are in: the table's references to itself can be set now that every target exists. */
  async finish(): Promise<void> {
    await this.flush();
    for (let i = 0; i < this.later.length; i += ROWS_PER_INSERT) {
      await this.query(this.updateSql!, [`[${this.later.slice(i, i + ROWS_PER_INSERT).join(',')}]`]);
    }
  }
}

/**
 * Loads the rows of an authenticated backup into an empty database already migrated to the
 * backup's level, in the file's order (parents first), on the caller's transaction. Checks every
 * table's count against the file's own. Answers rows per table.
 */
export async function loadRows(query: Query, reader: SealedReader, head: BackupHead, onProgress?: (done: number, total: number) => void): Promise<Record<string, number>> {
  const selfColumns = new Map((await tableLinks(query)).map((l) => [l.name, l.selfColumns]));
  const total = Object.values(head.tables).reduce((n, c) => n + c, 0);
  const loaded: Record<string, number> = {};
  let done = 0;
  let current: TableLoader | null = null;
  let end: EndLine | null = null;
  const finishTable = async () => {
    if (!current) return;
    await current.finish();
    if (current.loaded !== current.line.rows) {
      throw new SealedFileError('damaged', `table ${current.line.table} holds ${current.loaded} rows where the file says ${current.line.rows}`);
    }
    loaded[current.line.table] = current.loaded;
    current = null;
  };
  const gunzip = Readable.from(bodyOf(reader)).pipe(createGunzip());
  for await (const line of linesOf(gunzip)) {
    if (line.startsWith('[')) {
      if (!current) throw new SealedFileError('damaged', 'it holds rows outside any table');
      await current.add(line);
      if (++done % ROWS_PER_INSERT === 0) onProgress?.(done, total);
      continue;
    }
    await finishTable();
    const record = JSON.parse(line) as TableLine | EndLine;
    if ('end' in record) {
      end = record;
      break;
    }
    current = await TableLoader.create(query, record, selfColumns.get(record.table) ?? []);
  }
  await finishTable();
  if (!end) throw new SealedFileError('damaged', 'it ends before its last table');
  onProgress?.(done, total);
  await resetSequences(query);
  return loaded;
}

/** Serial and identity columns continue after the largest value loaded (messages' numbering). */
async function resetSequences(query: Query): Promise<void> {
  const sequences = await query(`
    select c.relname as table, a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p') and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`);
  for (const s of sequences) {
    await query(`select setval($1::regclass, coalesce((select max(${ident(s.column as string)}) from ${ident(s.table as string)}), 1), (select count(*) > 0 from ${ident(s.table as string)}))`, [s.seq]);
  }
}
