/**
 * Backup and restore at scale (decision 032):
 *
 *   npm run bench:backup -- --embedded                  the embedded database (PGlite in a temporary folder)
 *   DATABASE_URL=postgres://… npm run bench:backup      PostgreSQL (fresh databases on that server)
 *   DATABASE_URL=postgres://… npm run bench:backup -- --both
 *   … [--members 100000] [--listeners 1000] [--languages 6] [--interval 1000] [--baseline 30] [--rounds 3] [--verbose]
 *   … --embedded --reuse DIR   keeps the written embedded database in DIR and starts from it next time
 *
 * The server (bench/backup-server.ts) holds the bench:api analytics database (100,000 members, a
 * million listener rows by default) and a live sermon with N real socket.io listeners (bench:live's
 * workers) and the mock Azure translator at 50 ms. The speaker sends a final line every interval. Each
 * round sends `--baseline` lines with nothing else going on, then makes a backup as "Back up now" does
 * while lines keep coming until it is stored: the live p99 without and during, back to back. Printed:
 * backup seconds, file size, the server's extra memory (its peak during the backup over its memory
 * before) and the worker's peak, the server's event-loop delay; then a restore of the last file into a
 * new, empty target (seconds, peak memory, rows). Figures are the median of the rounds.
 * Targets: backup ≤ 60 s, ≤ 200 MB extra; live p99 during ≤ 1.5 × without. One JSON line last.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMockAzure } from '../apps/server/test/mock-azure';
import { startLiveSermon, type LiveSermon } from './backup-live';
import { freshPostgres } from './fresh-db';
import { ask, percentile, round1 } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    listeners: { type: 'string', default: '1000' },
    languages: { type: 'string', default: '6' },
    interval: { type: 'string', default: '1000' },
    baseline: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '3' },
    embedded: { type: 'boolean', default: false },
    both: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const members = Number(values.members);
const listeners = Number(values.listeners);
const intervalMs = Number(values.interval);
const baseline = Number(values.baseline);
const rounds = Number(values.rounds);
// Lines the listeners keep room for: each round's baseline, then at most ten minutes of backup.
const maxLines = rounds * (baseline + Math.ceil(600_000 / intervalMs));
const engines: Array<'embedded' | 'postgres'> = values.both ? ['embedded', 'postgres'] : values.embedded ? ['embedded'] : ['postgres'];
if (engines.includes('postgres') && !process.env.DATABASE_URL) {
  process.stderr.write('Set DATABASE_URL (a PostgreSQL server; fresh databases are made on it), or pass --embedded\n');
  process.exit(2);
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;
const round2 = (n: number) => Math.round(n * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

interface Ready { port: number; cookie: string; churchId: string; languages: string[]; seedSeconds: number; reused: boolean; listenerRows: number }
interface BackupDone {
  seconds: number; bytes: number; location: string; rows: number; rssBefore: number; rssPeak: number; workerMaxRss: number | null;
  eventLoopDelayMaxMs: number; baselineEventLoopDelayMaxMs: number;
}

/** One round: baseline lines, then a backup with lines going on; answers its figures. */
async function round(engine: string, n: number, server: ChildProcess, live: LiveSermon) {
  server.send({ type: 'baseline' });
  const first = live.line() + 3;
  for (let i = 1; i < baseline; i++) {
    await sleep(intervalMs);
    live.line();
  }
  await sleep(intervalMs);
  const lastBaseline = live.line() - 1;
  const asked = live.sentAt(lastBaseline + 1);
  const stages: Array<{ percent: number; at: number }> = [];
  let failure: string | null = null;
  const onMessage = (m: { type: string; message?: string; percent?: number; at?: number }) => {
    if (m.type === 'backup-failed') failure = m.message!;
    if (m.type === 'backup-progress') stages.push({ percent: m.percent!, at: m.at! });
  };
  server.on('message', onMessage);
  let done: BackupDone | null = null;
  const backingUp = ask<BackupDone>(server, { type: 'backup' }, 'backup-done', 30 * 60_000).then((b) => (done = b));
  while (!done && !failure) {
    await sleep(intervalMs);
    if (!done) live.line();
  }
  server.off('message', onMessage);
  if (failure) throw new Error(`the backup failed: ${failure}`);
  await backingUp;
  const backup = done as unknown as BackupDone;
  const lastDuring = live.line() - 1;
  return { backup, first, lastBaseline, lastDuring, asked, stages, n, engine };
}

/** One round's figures, as measured (the type of what a run reports per round). */
const figuresOf = (f: {
  backupSeconds: number; fileMB: number; serverExtraMB: number; serverRssBeforeMB: number; workerPeakMB: number; p99Without: number; p99During: number;
  loopWithout: number; loopDuring: number; linesDuring: number; lost: number; location: string; rows: number;
}) => f;

async function runOne(engine: 'embedded' | 'postgres') {
  const children: ChildProcess[] = [];
  const mock = await startMockAzure({ latencyMs: 50 });
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
  const name = randomBytes(4).toString('hex');
  const source = engine === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, `bench_backup_${name}`) : null;
  const target = engine === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, `bench_restore_${name}`) : null;
  const secretsKey = randomBytes(32).toString('hex');
  try {
    const server = fork(path.join(here, 'backup-server.ts'), {
      execArgv: ['--import', 'tsx', '--max-old-space-size=2048'],
      env: {
        ...process.env, DATA_DIR: path.join(work, 'server'), SECRETS_KEY: secretsKey, AZURE_TRANSLATOR_ENDPOINT: mock.url, BENCH_MEMBERS: String(members), BENCH_LANGUAGES: values.languages,
        BENCH_REUSE_DIR: values.reuse ? path.resolve(values.reuse) : '', ...(source ? { DATABASE_URL: source.url } : { DATABASE_URL: '' }),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(server);
    log(`${engine}: writing ${members} members and ${members * 10} listener rows…`);
    const ready = await ask<Ready>(server, {}, 'ready', 30 * 60_000);
    log(`${engine}: ${ready.listenerRows} listener rows ${ready.reused ? 'taken from --reuse' : `written in ${round1(ready.seedSeconds)} s`}`);
    const live = await startLiveSermon({ url: `http://127.0.0.1:${ready.port}`, cookie: ready.cookie, churchId: ready.churchId, languages: ready.languages, listeners, maxLines, children });
    log(`${engine}: ${listeners} listeners joined`);
    await sleep(1500);

    const results = [];
    for (let n = 1; n <= rounds; n++) results.push(await round(engine, n, server, live));
    await sleep(3000);
    const lines: Array<ReturnType<typeof figuresOf>> = [];
    for (const r of results) {
      const without = await live.latencies(r.first, r.lastBaseline);
      const during = await live.latencies(r.lastBaseline + 1, r.lastDuring);
      const b = r.backup;
      if (values.verbose) {
        for (const stage of r.stages) log(`  round ${r.n}: backup at ${round1((stage.at - r.asked) / 1000)} s: ${stage.percent}%`);
        for (let s = r.first; s <= r.lastDuring; s++) {
          const xs = await live.latencies(s, s);
          log(`  round ${r.n}: line ${s} at ${round1((live.sentAt(s) - r.asked) / 1000)} s: p50 ${round1(percentile(xs, 50))} ms, max ${round1(xs.at(-1) ?? Number.NaN)} ms`);
        }
      }
      const figures = figuresOf({
        backupSeconds: b.seconds, fileMB: b.bytes / MB, serverExtraMB: (b.rssPeak - b.rssBefore) / MB, serverRssBeforeMB: b.rssBefore / MB,
        workerPeakMB: b.workerMaxRss ? b.workerMaxRss / MB : Number.NaN, p99Without: percentile(without, 99), p99During: percentile(during, 99),
        loopWithout: b.baselineEventLoopDelayMaxMs, loopDuring: b.eventLoopDelayMaxMs, linesDuring: r.lastDuring - r.lastBaseline,
        lost: listeners * (r.lastDuring - r.first + 1) - without.length - during.length, location: b.location, rows: b.rows,
      });
      log(`${engine} round ${r.n}: backup ${round1(figures.backupSeconds)} s, ${round1(figures.fileMB)} MB; server +${round1(figures.serverExtraMB)} MB (from ${round1(figures.serverRssBeforeMB)} MB), worker peak ${round1(figures.workerPeakMB)} MB; live p99 ${round1(figures.p99Without)} ms without, ${round1(figures.p99During)} ms during (${figures.linesDuring} lines, ${round2(figures.p99During / figures.p99Without)}×); event loop held up at most ${round1(figures.loopWithout)} ms without, ${round1(figures.loopDuring)} ms during; lost ${figures.lost}`);
      lines.push(figures);
    }
    live.stop();

    // The last file into a new, empty target, as `npm run restore` does.
    const last = lines.at(-1)!;
    const restoreEnv = target ? { DATABASE_URL: target.url, DATA_DIR: path.join(work, 'restored') } : { DATA_DIR: path.join(work, 'restored'), DATABASE_URL: '' };
    const restorer = fork(path.join(here, 'backup-restore.ts'), [last.location], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...restoreEnv, SECRETS_KEY: secretsKey }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(restorer);
    const restored = await new Promise<{ type: string; seconds: number; rows: number; maxRss: number; message?: string }>((resolve) => restorer.once('message', resolve));
    if (restored.type !== 'restored') throw new Error(`the restore failed: ${restored.message}`);
    log(`${engine}: restore ${round1(restored.seconds)} s, ${restored.rows} rows (the file holds ${last.rows}), peak ${round1(restored.maxRss / MB)} MB`);
    const dataFolderMB = engine === 'embedded' ? round1((await folderBytes(path.join(work, 'server', 'db'))) / MB) : null;
    await ask(server, { type: 'stop' }, 'stopped', 60_000).catch(() => undefined);

    const med = (pick: (f: (typeof lines)[number]) => number) => round1(median(lines.map(pick)));
    return {
      database: engine,
      members,
      listenerRows: ready.listenerRows,
      rounds,
      backupSeconds: med((f) => f.backupSeconds),
      fileMB: med((f) => f.fileMB),
      dataFolderMB,
      serverExtraMB: med((f) => f.serverExtraMB),
      serverRssBeforeMB: med((f) => f.serverRssBeforeMB),
      workerPeakMB: med((f) => f.workerPeakMB),
      liveListeners: listeners,
      liveP99WithoutMs: med((f) => f.p99Without),
      liveP99DuringMs: med((f) => f.p99During),
      liveP99Ratio: round2(median(lines.map((f) => f.p99During / f.p99Without))),
      liveP99Rounds: lines.map((f) => [round1(f.p99Without), round1(f.p99During)]),
      eventLoopMaxWithoutMs: med((f) => f.loopWithout),
      eventLoopMaxDuringMs: med((f) => f.loopDuring),
      lostCaptions: lines.reduce((n, f) => n + f.lost, 0),
      restoreSeconds: round1(restored.seconds),
      restorePeakMB: round1(restored.maxRss / MB),
      restoredRows: restored.rows,
      fileRows: last.rows,
    };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
    await mock.close();
    await rm(work, { recursive: true, force: true });
    await source?.drop().catch(() => undefined);
    await target?.drop().catch(() => undefined);
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const runs = [];
for (const engine of engines) runs.push(await runOne(engine));
process.stdout.write(`${JSON.stringify({ bench: 'backup', targets: { backupSeconds: 60, serverExtraMB: 200, liveP99Ratio: 1.5 }, runs })}\n`);
process.exit(0);
