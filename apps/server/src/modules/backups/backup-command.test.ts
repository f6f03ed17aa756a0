import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { serverRoot } from '../../db/paths';
import { emptyTarget, type EmptyTarget } from '../../../test/helpers/backups';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { startControlServer } from './control';
import { BACKUP_NAME } from './place';
import { failAbandonedRuns, recentRuns } from './runs';

/** `npm run backup`'s script, as npm runs it (from apps/server), with `env`: exit code and output. */
function runCommand(script: 'backup' | 'restore', env: Record<string, string>): { child: ChildProcess; result: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'cli', `${script}.ts`)], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, result: new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr }))) };
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)!;
const goodBackups = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));

const embedded = process.env.TEST_DB !== 'postgres';

describe('npm run backup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { onDisk: true });
    await buildCast(t.ctx.db);
  });
  afterAll(async () => { await t.close(); });

  it('prints the file as its last line, asking the server that holds the embedded database', { timeout: 120_000 }, async () => {
    // On the embedded database this test process is the server: it holds DATA_DIR's lock and
    // answers on loopback. On PostgreSQL the command reads the database itself.
    const env = { DATA_DIR: t.config.DATA_DIR, ...(t.config.DATABASE_URL ? { DATABASE_URL: t.config.DATABASE_URL } : {}) };
    if (embedded) await writeFile(path.join(t.config.DATA_DIR, 'server.lock'), String(process.pid));
    const stop = embedded ? await startControlServer(t.ctx) : async () => {};
    try {
      const { code, stdout, stderr } = await runCommand('backup', env).result;
      expect(code, stderr).toBe(0);
      if (embedded) expect(stderr).toContain('asking the server running on DATA_DIR');
      expect(stderr).toContain('backing up: 100%');
      const file = lastLine(stdout);
      expect(path.dirname(file)).toBe(path.resolve(t.config.DATA_DIR, 'backups'));
      expect(await goodBackups(path.dirname(file))).toContain(path.basename(file));
      expect((await recentRuns(t.ctx.db, new Date(0))).map((r) => [r.trigger, r.state])).toEqual([['command', 'good']]);
    } finally {
      await stop();
      await rm(path.join(t.config.DATA_DIR, 'server.lock'), { force: true });
    }
  });

  it('works with no server running: on the embedded database it opens the folder itself, and leaves it for the server', { timeout: 120_000 }, async () => {
    const target = await emptyTarget();
    const database = await openDatabase({ dataDir: target.env.DATA_DIR, databaseUrl: target.env.DATABASE_URL });
    await database.close();
    const { code, stdout, stderr } = await runCommand('backup', target.env).result;
    expect(code, stderr).toBe(0);
    expect(await goodBackups(path.join(target.env.DATA_DIR!, 'backups'))).toEqual([path.basename(lastLine(stdout))]);
    expect(await readdir(target.env.DATA_DIR!)).not.toContain('server.lock');
    await target.drop();
  });

  it('says in one line that there is nothing to back up', async () => {
    const target = await emptyTarget();
    const { code, stderr } = await runCommand('backup', target.env).result;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(embedded ? /^Backup failed: DATA_DIR .* holds no database \(db\/\) to back up$/ : /^Backup failed: the database has no migrations applied: nothing to back up$/);
    await target.drop();
  });
});

/** Waits for `done`, failing with what it waited for rather than running into the test's timeout. */
async function until(what: string, done: () => Promise<boolean>, everyMs: number, withinMs = 120_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited ${withinMs / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a server killed in the middle of a backup', () => {
  let server: ChildProcess | null = null;
  let target: EmptyTarget;
  // Each try starts from an empty target: CI runs a failing test once more.
  beforeEach(async () => { target = await emptyTarget(); });
  afterEach(async () => {
    server?.kill('SIGKILL');
    await target.drop();
  });

  it('leaves no file that passes for a good backup, and its run shows as failed', { timeout: 240_000 }, async () => {
    const dataDir = target.env.DATA_DIR!;
    const backups = path.join(dataDir, 'backups');
    // Incompressible files, so the dump takes long enough to be caught unfinished: a demo church
    // alone dumps in a few milliseconds, which a loaded machine's polling can miss altogether.
    const seeded = await openDatabase({ dataDir, databaseUrl: target.env.DATABASE_URL });
    for (let i = 0; i < 12; i++) {
      await seeded.db.insert(storedFiles).values({ key: `images/ballast-${i}`, contentType: 'application/octet-stream', data: randomBytes(1 << 20) });
    }
    await seeded.close();
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'main.ts')], {
      cwd: serverRoot,
      // At normal priority: at the lowest, the other test files keeping both cores busy starve the
      // backup worker for minutes.
      env: { ...process.env, ...target.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', BACKUP_PRIORITY: 'normal' },
      stdio: 'ignore',
    });
    // The server's own backup of the day, made at start, finishes first.
    await until('the day\'s first backup', async () => (await goodBackups(backups)).length > 0 && !(await readdir(backups)).some((n) => n.startsWith('.work-')), 100);
    const before = await goodBackups(backups);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'platform@demo.church', password: 'demo1234' }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const started = await fetch(`http://127.0.0.1:${port}/api/v1/backups`, { method: 'POST', headers: { cookie } });
    expect(started.status).toBe(202);
    await until('an unfinished backup file', async () => (await readdir(backups)).some((n) => n.endsWith('.partial')), 5);
    server.kill('SIGKILL');
    // The worker notices its server gone and removes its unfinished file (on a busy machine, once
    // its dump's next step lets it see the closed channel).
    await until('the worker to remove its unfinished file', async () => !(await readdir(backups)).some((n) => n.endsWith('.partial')), 100, 60_000);
    expect(await goodBackups(backups)).toEqual(before);
    expect((await readdir(backups)).filter((n) => n.endsWith('.partial'))).toEqual([]);

    // Opened again, the run that was cut short shows as failed once its heartbeat is old.
    await rm(path.join(dataDir, 'server.lock'), { force: true });
    const database = await openDatabase({ dataDir, databaseUrl: target.env.DATABASE_URL });
    await failAbandonedRuns(database.db, new Date(Date.now() + 3 * 60_000));
    const runs = await recentRuns(database.db, new Date(0));
    await database.close();
    expect(runs.map((r) => [r.trigger, r.state])).toEqual([['manual', 'failed'], ['schedule', 'good']]);
    expect(runs[0]!.error).toMatch(/^interrupted/);
  });
});
