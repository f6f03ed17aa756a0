import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { frameHead, TABLES_LEFT_OUT, type BackupHead, type EndLine, type TableLine } from './format';
import { levelOf, type Query } from './migrations';
import { SealingStream, type BackupKey } from './sealed-file';
import { loadOrder, tableLinks } from './tables';

export interface DumpOptions {
  /** A connection of its own: the dump holds one read-only transaction on it for its whole length. */
  query: Query;
  file: string;
  key: BackupKey;
  head: Pick<BackupHead, 'version' | 'engine' | 'secretsKeyId' | 'secretsKeyFromFile'> & {
    filesBucket: string | null;
    /** When the snapshot was taken, if before this transaction began (a copy of the embedded database's folder). */
    takenAt?: Date;
  };
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
}

// Rows per FETCH: a few MB of text at most. Rows holding files (tens of KB each) go a few at a time.
const ROWS_PER_FETCH = 5_000;
const FILE_ROWS_PER_FETCH = 32;
// Fast settings: rows of text compress 5–10× even so, and the time goes to the database, not here.
const GZIP_LEVEL = 3;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Table {
  name: string;
  columns: Array<{ name: string; isBytea: boolean }>;
}

/**
 * Writes every table of the database `query` reaches into an encrypted backup file, from one
 * REPEATABLE READ snapshot: what the file holds is the database as it was at one instant, whatever
 * else writes meanwhile (PostgreSQL's MVCC; on the embedded database the snapshot is a copy of the
 * folder, decision 032). Rows are read through a cursor a batch at a time, so memory stays flat.
 * The file is created new (never overwriting) with mode 0600.
 */
export async function writeBackupFile(opts: DumpOptions): Promise<{ head: BackupHead; bytes: number }> {
  const { query } = opts;
  await query('begin isolation level repeatable read read only');
  try {
    // Text output that reads back the same everywhere: UTC, ISO dates, floats exact.
    await query(`set local timezone = 'UTC'`);
    await query(`set local datestyle = 'ISO, YMD'`);
    await query(`set local intervalstyle = 'postgres'`);
    await query('set local extra_float_digits = 3');
    const head = await readHead(opts);
    const tables = await tablesOf(query);
    const total = Object.values(head.tables).reduce((n, c) => n + c, 0);
    let done = 0;
    // The database is open and counted: the rows start now.
    opts.onProgress?.(0, total);
    async function* body(): AsyncGenerator<Buffer> {
      for (const table of tables) {
        const bytea = table.columns.filter((c) => c.isBytea).map((c) => c.name);
        const line: TableLine = { table: table.name, columns: table.columns.map((c) => c.name), bytea, rows: head.tables[table.name] ?? 0 };
        yield Buffer.from(`${JSON.stringify(line)}\n`);
        const values = table.columns.map((c) => (c.isBytea ? `translate(encode(${ident(c.name)}, 'base64'), E'\\n', '')` : `${ident(c.name)}::text`));
        await query(`declare backup_rows no scroll cursor for select json_build_array(${values.join(', ')})::text as r from ${ident(table.name)}`);
        const size = bytea.length > 0 ? FILE_ROWS_PER_FETCH : ROWS_PER_FETCH;
        for (;;) {
          const rows = await query(`fetch forward ${size} from backup_rows`);
          if (rows.length === 0) break;
          yield Buffer.from(`${rows.map((r) => r.r as string).join('\n')}\n`);
          done += rows.length;
          opts.onProgress?.(done, total);
        }
        await query('close backup_rows');
      }
      const end: EndLine = { end: true, rows: head.tables };
      yield Buffer.from(`${JSON.stringify(end)}\n`);
    }
    await pipeline(
      body,
      createGzip({ level: GZIP_LEVEL }),
      async function* (gzipped: AsyncIterable<Buffer>) {
        yield frameHead(head);
        yield* gzipped;
      },
      new SealingStream(opts.key),
      createWriteStream(opts.file, { flags: 'wx', mode: 0o600 }),
    );
    await query('commit');
    return { head, bytes: (await stat(opts.file)).size };
  } catch (err) {
    await query('rollback').catch(() => undefined);
    throw err;
  }
}

/**
 * Every table of the public schema but those left out, with the columns a restore can write (not
 * generated ones), parents before the tables that refer to them: the order a restore loads them in.
 */
async function tablesOf(query: Query): Promise<Table[]> {
  const rows = await query(`
    select c.relname as table, a.attname as column, t.typname = 'bytea' as is_bytea
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    join pg_type t on t.oid = a.atttypid
    where c.relkind in ('r', 'p')
    order by c.relname, a.attnum`);
  const tables = new Map<string, Table>();
  for (const r of rows) {
    const name = r.table as string;
    if (TABLES_LEFT_OUT.has(name)) continue;
    if (!tables.has(name)) tables.set(name, { name, columns: [] });
    tables.get(name)!.columns.push({ name: r.column as string, isBytea: r.is_bytea === true });
  }
  return loadOrder(await tableLinks(query)).filter((name) => tables.has(name)).map((name) => tables.get(name)!);
}

async function readHead(opts: DumpOptions): Promise<BackupHead> {
  const { query } = opts;
  const migration = await levelOf(query);
  if (!migration) throw new Error('the database has no migrations applied: nothing to back up');
  const [{ now }] = (await query('select now()::text as now')) as [{ now: string }];
  const tables: Record<string, number> = {};
  for (const table of await tablesOf(query)) {
    const [row] = await query(`select count(*)::text as n from ${ident(table.name)}`);
    tables[table.name] = Number(row!.n);
  }
  const [files] = await query('select count(*)::text as n, coalesce(sum(length(data)), 0)::text as bytes from stored_files');
  const deleted = await query(`
    select user_id::text as id from deletion_requests where status = 'approved' and user_id is not null
    union select id::text from users where purged_at is not null`);
  return {
    format: 1,
    product: 'sermon-translate',
    version: opts.head.version,
    createdAt: (opts.head.takenAt ?? new Date(now)).toISOString(),
    engine: opts.head.engine,
    migration,
    tables,
    files: {
      in: opts.head.filesBucket ? 'bucket' : 'database',
      bucket: opts.head.filesBucket,
      count: Number(files!.n),
      bytes: Number(files!.bytes),
    },
    deletedPeople: deleted.map((r) => r.id as string).sort(),
    secretsKeyId: opts.head.secretsKeyId,
    secretsKeyFromFile: opts.head.secretsKeyFromFile,
  };
}
