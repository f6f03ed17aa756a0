/**
 * How long other queries wait while a consistent copy of the embedded database is taken, three ways
 * (decision 032): PGlite's own dumpDataDir(), the rows read in one transaction (what a logical dump
 * in the server process would hold), and the online base backup the backups use (pg_backup_start,
 * the folder copied while queries go on, pg_backup_stop). A probe query runs every 10 ms throughout;
 * the longest gap between its answers is the stall a live sermon's next line would see.
 *
 *   node --import tsx bench/backup-snapshots.ts [--members 100000]
 *   node --import tsx bench/backup-snapshots.ts --from DIR     the folder `bench:backup --reuse DIR` kept
 *
 * Prints one line per way and one JSON line last.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../apps/server/src/db/client';
import { snapshotPglite } from '../apps/server/src/db/backup/pglite-snapshot';
import { writeAnalyticsData } from './analytics-seed';
import { round1 } from './ipc';

const { values } = parseArgs({ options: { members: { type: 'string', default: '100000' }, from: { type: 'string' } } });
const members = Number(values.members);
const log = (line: string) => process.stderr.write(`${line}\n`);
const MB = 1024 * 1024;

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-snapshots-'));
if (values.from) await cp(path.resolve(values.from), path.join(dir, 'db'), { recursive: true });
const database = await openDatabase({ dataDir: dir });
const client = (database.db as unknown as { $client: PGlite }).$client;
if (!values.from) {
  log(`writing ${members} members and ${members * 10} listener rows…`);
  await writeAnalyticsData(database.db, members);
}

/** Runs `work` while a probe query runs every 10 ms; answers its time, the probe's longest wait and the memory it took. */
async function measure(name: string, work: () => Promise<unknown>) {
  let running = true;
  let longest = 0;
  let last = performance.now();
  // The gap between two answers of the probe: a query waiting for the database and an event loop
  // held by synchronous work (a line's broadcast waits for either) both widen it.
  const probe = (async () => {
    while (running) {
      await client.query('select 1');
      const t = performance.now();
      longest = Math.max(longest, t - last);
      last = t;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  // PGlite answers from WebAssembly within microtasks: a long read can hold the whole event loop, so
  // the probe's own timer never fires; the time since its last answer counts too.
  longest = Math.max(longest, performance.now() - last);
  running = false;
  await probe;
  clearInterval(sampler);
  const result = { seconds: round1(seconds), longestGapMs: round1(longest), extraMB: round1((peak - rss) / MB) };
  log(`${name.padEnd(30)} ${result.seconds} s, longest gap between probe answers ${result.longestGapMs} ms, +${result.extraMB} MB`);
  return result;
}

const results = {
  members: values.from ? null : members,
  databaseMB: round1(Number((await client.query<{ n: string }>('select pg_database_size(current_database())::text as n')).rows[0]!.n) / MB),
  dumpDataDir: await measure('dumpDataDir()', () => client.dumpDataDir('none')),
  oneTransaction: await measure('rows read in one transaction', async () => {
    // What a dump inside the server would hold the database for: every listener row, in one snapshot.
    await client.transaction(async (tx) => {
      await tx.query('declare rows_read no scroll cursor for select json_build_array(s.*)::text from listener_sessions s');
      while ((await tx.query('fetch forward 5000 from rows_read')).rows.length > 0);
    });
  }),
  onlineBaseBackup: await measure('online base backup (chosen)', () =>
    snapshotPglite(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows, client.dataDir!, path.join(dir, 'copy'))),
};
await database.close();
await rm(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(results)}\n`);
