/**
 * Backup and restore at scale (decision 032):
 *
 *   npm run bench:backup -- --embedded                  the embedded database (PGlite in a temporary folder)
 *   DATABASE_URL=postgres://… npm run bench:backup      PostgreSQL (a fresh database on that server)
 *   DATABASE_URL=postgres://… npm run bench:backup -- --both
 *   … [--members 100000] [--listeners 1000] [--languages 6] [--interval 1000] [--baseline 30] [--verbose]
 *   … --embedded --reuse DIR   keeps the written embedded database in DIR and starts from it next time
 *
 * The server (bench/backup-server.ts) holds the bench:api analytics database (100,000 members, a
 * million listener rows by default) and a live sermon with N real socket.io listeners (the workers of
 * bench:live) and the mock Azure translator at 50 ms. The speaker sends a final line every interval:
 * first `--baseline` lines with nothing else going on, then a backup is made as "Back up now" does and
 * lines keep coming until it is stored. Printed: backup seconds, file size, the server's extra memory
 * (its peak during the backup over its memory before) and the worker's peak, live p99 without and
 * during the backup; then a restore of the file into a new empty target (seconds, peak memory, rows).
 * Targets: backup ≤ 60 s, ≤ 200 MB extra; live p99 during ≤ 1.5 × without. One JSON line last.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { startMockAzure } from '../apps/server/test/mock-azure';
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
// Lines the listeners keep room for: the baseline, then at most ten minutes of backup.
const maxSegments = baseline + Math.ceil(600_000 / intervalMs);
const engines: Array<'embedded' | 'postgres'> = values.both ? ['embedded', 'postgres'] : values.embedded ? ['embedded'] : ['postgres'];
if (engines.includes('postgres') && !process.env.DATABASE_URL) {
  process.stderr.write('Set DATABASE_URL (a PostgreSQL server; a fresh database is made on it), or pass --embedded\n');
  process.exit(2);
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const MB = 1024 * 1024;
const tsx = ['--import', 'tsx'];

interface Ready { port: number; cookie: string; churchId: string; languages: string[]; seedSeconds: number; reused: boolean; listenerRows: number; database: string }
interface BackupDone {
  seconds: number; bytes: number; location: string; rows: number; rssBefore: number; rssPeak: number; workerMaxRss: number | null;
  eventLoopDelayMaxMs: number; eventLoopDelayP99Ms: number; baselineEventLoopDelayMaxMs: number; baselineEventLoopDelayP99Ms: number;
}

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
      execArgv: [...tsx, '--max-old-space-size=2048'],
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
    const url = `http://127.0.0.1:${ready.port}`;

    // A live sermon with its listeners, as bench:live runs it.
    const res = await fetch(`${url}/api/v1/sermons`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: ready.cookie }, body: JSON.stringify({ churchId: ready.churchId, sourceLanguage: 'en' }) });
    if (res.status !== 201) throw new Error(`going live failed: ${res.status} ${await res.text()}`);
    const sermon = (await res.json()) as { id: string; broadcastId: string };
    const speaker = io(`${url}/live`, { transports: ['websocket'], extraHeaders: { cookie: ready.cookie }, reconnection: false });
    const joined = await speaker.timeout(10_000).emitWithAck('speaker:join', { sermonId: sermon.id });
    if (!joined.ok) throw new Error(`speaker:join refused: ${JSON.stringify(joined.error)}`);
    const workerCount = Math.max(1, Math.min(4, Math.ceil(listeners / 500)));
    const per = Math.ceil(listeners / workerCount);
    const workers: ChildProcess[] = [];
    const readies: Array<Promise<unknown>> = [];
    for (let w = 0; w < workerCount; w++) {
      const worker = fork(path.join(here, 'live-listeners.ts'), { execArgv: tsx, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      children.push(worker);
      workers.push(worker);
      await ask(worker, {}, 'spawned');
      readies.push(ask(worker, { type: 'start', urls: [url], broadcastId: sermon.broadcastId, languages: ready.languages, count: Math.min(per, listeners - w * per), offset: w * per, total: listeners, segments: maxSegments }, 'ready'));
    }
    await Promise.all(readies);
    log(`${engine}: ${listeners} listeners joined`);
    await sleep(1500);

    const sent = new Float64Array(maxSegments + 1);
    let seq = 0;
    const line = () => {
      seq++;
      sent[seq] = now();
      speaker.emit('speaker:segment', { sermonId: sermon.id, seq, text: `Segment ${seq}: grace and peace to you from God our Father and the Lord Jesus Christ.`, final: true });
    };
    server.send({ type: 'baseline' });
    for (let i = 0; i < baseline; i++) {
      line();
      await sleep(intervalMs);
    }
    const lastBaseline = seq;
    const backupAsked = now();
    let backup: BackupDone | null = null;
    let failure: string | null = null;
    const stages: Array<{ percent: number; at: number }> = [];
    const backingUp = ask<BackupDone>(server, { type: 'backup' }, 'backup-done', 30 * 60_000).then((b) => (backup = b));
    server.on('message', (m: { type: string; message?: string; percent?: number; at?: number }) => {
      if (m.type === 'backup-failed') failure = m.message!;
      if (m.type === 'backup-progress') stages.push({ percent: m.percent!, at: m.at! });
    });
    while (!backup && !failure && seq < maxSegments) {
      line();
      await sleep(intervalMs);
    }
    if (failure) throw new Error(`the backup failed: ${failure}`);
    await backingUp;
    const lastDuring = seq;
    await sleep(3000);

    const reports = await Promise.all(workers.map((w) => ask<{ live: number[] }>(w, { type: 'report' }, 'report')));
    const latencies = (from: number, to: number) => {
      const out: number[] = [];
      for (const r of reports) {
        for (let i = 0; i < r.live.length; i++) {
          const s = (i % maxSegments) + 1;
          if (s >= from && s <= to && r.live[i]! > 0) out.push(r.live[i]! - sent[s]!);
        }
      }
      return out.sort((a, b) => a - b);
    };
    if (values.verbose) {
      for (const stage of stages) log(`  backup at ${round1((stage.at - backupAsked) / 1000)} s: ${stage.percent}%`);
      for (let s = 4; s <= lastDuring; s++) {
        const xs = latencies(s, s);
        log(`  line ${s} at ${round1((sent[s]! - backupAsked) / 1000)} s: p50 ${round1(percentile(xs, 50))} ms, max ${round1(xs.at(-1) ?? Number.NaN)} ms`);
      }
    }
    // The first lines pay for connection set-up and JIT; the baseline leaves out its first three.
    const without = latencies(4, lastBaseline);
    const during = latencies(lastBaseline + 1, lastDuring);
    const lost = listeners * (lastDuring - 3) - without.length - during.length;
    for (const w of workers) w.send({ type: 'stop' });
    speaker.disconnect();
    const done = backup as unknown as BackupDone;
    log(`${engine}: backup ${round1(done.seconds)} s, ${round1(done.bytes / MB)} MB file, server +${round1((done.rssPeak - done.rssBefore) / MB)} MB (${round1(done.rssBefore / MB)} → ${round1(done.rssPeak / MB)} MB), worker peak ${done.workerMaxRss ? round1(done.workerMaxRss / MB) : '?'} MB`);
    log(`${engine}: the server's event loop was held up at most ${round1(done.eventLoopDelayMaxMs)} ms during the backup (p99 ${round1(done.eventLoopDelayP99Ms)} ms), ${round1(done.baselineEventLoopDelayMaxMs)} ms without it (p99 ${round1(done.baselineEventLoopDelayP99Ms)} ms)`);
    log(`${engine}: live p99 ${round1(percentile(without, 99))} ms without the backup (${lastBaseline - 3} lines), ${round1(percentile(during, 99))} ms during it (${lastDuring - lastBaseline} lines), lost ${lost}`);

    // The file into a new, empty target, as `npm run restore` does.
    const restoreEnv = target ? { DATABASE_URL: target.url, DATA_DIR: path.join(work, 'restored') } : { DATA_DIR: path.join(work, 'restored'), DATABASE_URL: '' };
    const restorer = fork(path.join(here, 'backup-restore.ts'), [done.location], { execArgv: tsx, env: { ...process.env, ...restoreEnv, SECRETS_KEY: secretsKey }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(restorer);
    const restored = await new Promise<{ type: string; seconds: number; rows: number; maxRss: number; message?: string }>((resolve) => restorer.once('message', resolve));
    if (restored.type !== 'restored') throw new Error(`the restore failed: ${restored.message}`);
    log(`${engine}: restore ${round1(restored.seconds)} s, ${restored.rows} rows (the file holds ${done.rows}), peak ${round1(restored.maxRss / MB)} MB`);
    await ask(server, { type: 'stop' }, 'stopped', 60_000).catch(() => undefined);

    return {
      database: engine,
      members,
      listenerRows: ready.listenerRows,
      backupSeconds: round1(done.seconds),
      fileMB: round1(done.bytes / MB),
      dataFolderMB: engine === 'embedded' ? round1((await folderBytes(path.join(work, 'server', 'db'))) / MB) : null,
      serverExtraMB: round1((done.rssPeak - done.rssBefore) / MB),
      serverEventLoopDelayMaxMs: round1(done.eventLoopDelayMaxMs),
      serverEventLoopDelayMaxWithoutMs: round1(done.baselineEventLoopDelayMaxMs),
      serverRssBeforeMB: round1(done.rssBefore / MB),
      workerPeakMB: done.workerMaxRss ? round1(done.workerMaxRss / MB) : null,
      liveListeners: listeners,
      liveP99WithoutMs: round1(percentile(without, 99)),
      liveP99DuringMs: round1(percentile(during, 99)),
      liveP99Ratio: round1((percentile(during, 99) / percentile(without, 99)) * 100) / 100,
      linesDuringBackup: lastDuring - lastBaseline,
      lostCaptions: lost,
      restoreSeconds: round1(restored.seconds),
      restorePeakMB: round1(restored.maxRss / MB),
      restoredRows: restored.rows,
      fileRows: done.rows,
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
