/**
 * `npm run backup` (decision 032): writes one encrypted backup into the backups place (DATA_DIR/backups,
 * BACKUP_DIR or BACKUP_BUCKET) and prints where it is as its last line. On the embedded database a
 * running server holds the folder, so the server is asked (over loopback, DATA_DIR/control.json);
 * with no server running this process takes the folder itself. On PostgreSQL it reads the database
 * directly, in one snapshot, whatever servers are running. Progress goes to stderr.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { DataDirError, lockDataDir, runningServerPid } from '../lib/data-dir';
import { appVersion } from '../lib/version';
import { readControlFile, type ControlLine } from '../modules/backups/control';
import { backupKeyOf, secretsKeyOf } from '../modules/backups/keys';
import { makeBackup, type BackupResult, type MakeBackupOptions } from '../modules/backups/make-backup';
import { backupPlaceOf } from '../modules/backups/place';
import { applyRetention } from '../modules/backups/retention';
import { failRun, finishRun, HEARTBEAT_MS, startRun, touchRun } from '../modules/backups/runs';

const say = (line: string) => process.stderr.write(`${line}\n`);

function progressPrinter() {
  let shown = -10;
  return (percent: number) => {
    if (percent >= shown + 10 || percent === 100) say(`backing up: ${(shown = percent)}%`);
  };
}


/** The backup made by this process: the key, the place and what the head records, then retention. */
async function backupHere(config: Config, prepare: MakeBackupOptions['prepare'], onProgress: (percent: number) => void): Promise<BackupResult> {
  const place = await backupPlaceOf(config);
  try {
    const secrets = await secretsKeyOf(config);
    const result = await makeBackup({
      place,
      key: await backupKeyOf(config),
      inWorker: false,
      head: { version: appVersion, engine: config.dbKind, secretsKeyId: secrets.id, secretsKeyFromFile: secrets.fromFile, filesBucket: config.s3?.bucket ?? null },
      prepare,
      onProgress: (done, total) => onProgress(Math.min(99, Math.floor((done / Math.max(1, total)) * 100))),
    });
    onProgress(100);
    const removed = await applyRetention(place, config.BACKUP_KEEP);
    if (removed.length > 0) say(`removed ${removed.length} backup(s) past BACKUP_KEEP=${config.BACKUP_KEEP} or 30 days old`);
    return result;
  } finally {
    place.close();
  }
}

/** The embedded database: through the running server, or directly when none runs. */
async function backupEmbedded(config: Config): Promise<string> {
  const pid = await runningServerPid(config.DATA_DIR);
  if (pid) {
    const control = await readControlFile(config.DATA_DIR);
    if (!control || control.pid !== pid) {
      throw new Error(`A server (pid ${pid}) has DATA_DIR ${path.resolve(config.DATA_DIR)} open but takes no backup requests: restart it with this version, or stop it and run the backup again`);
    }
    say(`asking the server running on DATA_DIR (pid ${pid}) to make the backup`);
    return backupThroughServer(control.port, control.token);
  }
  const dir = path.join(config.DATA_DIR, 'db');
  if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) throw new Error(`DATA_DIR ${path.resolve(config.DATA_DIR)} holds no database (db/) to back up`);
  const unlock = await lockDataDir(config.DATA_DIR);
  try {
    const result = await backupHere(config, async () => ({ source: { kind: 'pglite', dir }, cleanup: async () => {} }), progressPrinter());
    return result.location;
  } finally {
    await unlock();
  }
}

async function backupThroughServer(port: number, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`the server refused the backup request (${res.status})`);
  const print = progressPrinter();
  let text = '';
  let result: string | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n')) !== -1) {
      const line = JSON.parse(text.slice(0, end)) as ControlLine;
      text = text.slice(end + 1);
      if ('progress' in line) print(line.progress);
      else if ('error' in line) throw new Error(line.error);
      else result = line.location;
    }
  }
  if (!result) throw new Error('the server stopped answering before the backup was finished');
  return result;
}

/** PostgreSQL: a snapshot of its own; recorded among the runs the Backups screen shows. */
async function backupPostgres(config: Config): Promise<string> {
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
  // An idle connection the server ends (a restart mid-backup) is reported here; unheard, it would
  // end the command with an uncaught error instead of the backup's own message.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    const recorded = (await pool.query(`select to_regclass('public.backup_runs') is not null as present`)).rows[0]?.present === true;
    const run = recorded ? await startRun(db, { trigger: 'command', place: config.backupS3 ? 'bucket' : 'folder' }) : null;
    const heartbeat = run ? setInterval(() => void touchRun(db, run.id).catch(() => undefined), HEARTBEAT_MS) : null;
    try {
      const result = await backupHere(config, async () => ({ source: { kind: 'postgres', url: config.DATABASE_URL! }, cleanup: async () => {} }), progressPrinter());
      if (run) await finishRun(db, run.id, { name: result.name, size: result.size });
      return result.location;
    } catch (err) {
      if (run) await failRun(db, run.id, err instanceof Error ? err.message : String(err));
      throw err;
    } finally {
      if (heartbeat) clearInterval(heartbeat);
    }
  } finally {
    await pool.end();
  }
}

try {
  const config = loadConfig();
  const location = config.dbKind === 'pglite' ? await backupEmbedded(config) : await backupPostgres(config);
  process.stdout.write(`${location}\n`);
  process.exit(0);
} catch (err) {
  const message = err instanceof ConfigError || err instanceof DataDirError ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
