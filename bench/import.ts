/**
 * People import at scale (decision 036):
 *
 *   npm run bench:import                               the embedded database (PGlite in a temporary folder)
 *   DATABASE_URL=postgres://… npm run bench:import      PostgreSQL (a fresh database on that server)
 *   … [--rows 10000] [--listeners 200] [--interval 500] [--baseline 20] [--both]
 *
 * The server (bench/import-server.ts) holds a live sermon with N real socket.io listeners (bench:live's
 * workers, the mock Azure translator at 50 ms). The speaker sends a final line every interval:
 * `--baseline` lines with nothing else going on, then, with lines still coming, a CSV of `--rows`
 * people shaped like a Planning Center export is uploaded, previewed (timed: upload and preview),
 * confirmed and followed until the job is done (timed). Printed: preview and import seconds, the
 * server's extra memory (peak during over before), live p99 without and during (each caption from the
 * speaker's send to a phone's receipt), and captions that never arrived during it.
 * Targets: preview ≤ 5 s, import ≤ 20 s embedded (≤ 10 s PostgreSQL), ≤ 100 MB extra, p99 during
 * ≤ 1.1 × without. One JSON line last.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMockAzure } from '../apps/server/test/mock-azure';
import { startLiveSermon } from './backup-live';
import { freshPostgres } from './fresh-db';
import { ask, percentile, round1 } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    listeners: { type: 'string', default: '200' },
    interval: { type: 'string', default: '500' },
    baseline: { type: 'string', default: '20' },
    both: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const listeners = Number(values.listeners);
const intervalMs = Number(values.interval);
const baseline = Number(values.baseline);
const engines: Array<'embedded' | 'postgres'> = values.both ? ['embedded', 'postgres'] : process.env.DATABASE_URL ? ['postgres'] : ['embedded'];
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

/** A Planning Center-shaped export: Australian phones as written, day-first dates, some refusals. */
function peopleCsv(n: number): Buffer {
  const lines = ['Person ID,First Name,Last Name,Birthdate,Mobile Phone Number,Home Email,Home Address Street Line 1,Home Address City,Home Address Zip Code'];
  for (let i = 1; i <= n; i++) {
    const phone = i % 3 === 0 ? `+61 4${String(i).padStart(8, '0').slice(0, 2)} ${String(i).padStart(6, '0').slice(0, 3)} ${String(i).padStart(6, '0').slice(3)}` : `04${String(i).padStart(8, '0')}`;
    const name = i % 50 === 0 ? 'X' : 'Maria';
    lines.push(`${i},${name},Santos,${(i % 28) + 1}/${(i % 12) + 1}/19${50 + (i % 49)},${phone},person.${i}@bench.example,${i} George St,Parramatta,2150`);
  }
  return Buffer.from(lines.join('\r\n'));
}

async function run(engine: 'embedded' | 'postgres') {
  const children: ChildProcess[] = [];
  const mock = await startMockAzure({ latencyMs: 50 });
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  const source = engine === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, `bench_import_${randomBytes(4).toString('hex')}`) : null;
  try {
    const server = fork(path.join(here, 'import-server.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATA_DIR: path.join(work, 'server'), AZURE_TRANSLATOR_ENDPOINT: mock.url, DATABASE_URL: source?.url ?? '' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(server);
    const ready = await ask<{ port: number; cookie: string; adminCookie: string; churchId: string; languages: string[] }>(server, {}, 'ready');
    const url = `http://127.0.0.1:${ready.port}`;
    const live = await startLiveSermon({ url, cookie: ready.cookie, churchId: ready.churchId, languages: ready.languages, listeners, maxLines: baseline + 400, children });
    log(`${engine}: ${listeners} listeners joined; ${baseline} baseline lines`);
    const first = live.line();
    for (let i = 1; i < baseline; i++) { await sleep(intervalMs); live.line(); }
    await sleep(intervalMs * 2);
    const baselineEnd = live.line();
    // The last baseline line arrives before the upload starts: sent just before it, the upload's
    // parsing delayed it, which counted import work as the quiet figure.
    await sleep(intervalMs);

    let sending = true;
    const during = (async () => { while (sending) { await sleep(intervalMs); live.line(); } })();
    await ask(server, { type: 'measure' }, 'measuring');
    const duringFirst = baselineEnd + 1;
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(peopleCsv(rows))], { type: 'text/csv' }), 'planning-center.csv');
    const headers = { cookie: ready.adminCookie, origin: url };
    const up = await fetch(`${url}/api/v1/people-imports`, { method: 'POST', headers, body: form });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const upload = (await up.json()) as { id: string; columns: Array<{ field: string | null }> };
    const mapping = upload.columns.map((c) => c.field);
    const json = { ...headers, 'content-type': 'application/json' };
    const pre = await fetch(`${url}/api/v1/people-imports/${upload.id}/preview`, { method: 'POST', headers: json, body: JSON.stringify({ mapping }) });
    const preview = (await pre.json()) as { counts: Record<string, number> };
    const previewSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const confirm = await fetch(`${url}/api/v1/people-imports/${upload.id}/confirm`, { method: 'POST', headers: json, body: JSON.stringify({ mapping, invite: false }) });
    if (confirm.status !== 202) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
    let status: { status: string; created: number; done: number; toWrite: number };
    for (;;) {
      status = (await (await fetch(`${url}/api/v1/people-imports/${upload.id}`, { headers })).json()) as typeof status;
      if (status.status === 'done' || status.status === 'failed') break;
      await sleep(100);
    }
    const importSeconds = (performance.now() - t1) / 1000;
    const memory = await ask<{ rssBefore: number; rssPeak: number }>(server, { type: 'stop-measure' }, 'memory');
    sending = false;
    await during;
    const duringLast = live.line();
    await sleep(3000);
    const p99Before = percentile(await live.latencies(first + 2, baselineEnd), 99);
    const duringLatencies = await live.latencies(duringFirst, duringLast);
    const p99During = percentile(duringLatencies, 99);
    // A caption that never reached a phone is left out of the percentile: counted here instead.
    const missing = listeners * (duringLast - duringFirst + 1) - duringLatencies.length;
    live.stop();
    await ask(server, { type: 'stop' }, 'stopped').catch(() => undefined);
    const result = {
      engine, rows, counts: preview.counts, created: status.created, status: status.status,
      previewSeconds: round1(previewSeconds), importSeconds: round1(importSeconds),
      serverExtraMB: round1((memory.rssPeak - memory.rssBefore) / MB),
      liveP99BeforeMs: round1(p99Before), liveP99DuringMs: round1(p99During), liveP99Ratio: Math.round((p99During / p99Before) * 100) / 100,
      captionsMissing: missing, listeners,
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    for (const c of children) c.kill();
    await mock.close();
    await source?.drop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

const results = [];
for (const engine of engines) results.push(await run(engine));
const targets = {
  previewSeconds: 5, importSecondsEmbedded: 20, importSecondsPostgres: 10, serverExtraMB: 100, liveP99Ratio: 1.1,
};
const pass = results.every((r) => r.previewSeconds <= targets.previewSeconds && r.importSeconds <= (r.engine === 'embedded' ? targets.importSecondsEmbedded : targets.importSecondsPostgres)
  && r.serverExtraMB <= targets.serverExtraMB && r.liveP99Ratio <= targets.liveP99Ratio && r.captionsMissing === 0);
process.stdout.write(`${JSON.stringify({ bench: 'import', results, targets, pass })}\n`);
process.exit(0);
