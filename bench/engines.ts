/**
 * Translation engines benchmark (decision 033): what a listener waits for a line when the church's
 * first engine works, when it answers 500 to everything, and when it hangs, with the second engine
 * taking over; with and without the first engine resting after an outage. Engines are the loopback
 * DeepL (first) and Google (second) of the server's tests, each answering after a fixed latency.
 * Also: what metering costs on the live path (recording calls, and writing them as one statement).
 *
 *   npm run bench:engines [-- --lines 20 --latency 80]
 *
 * Each scenario sends its lines one after another (as a speaker does) into three languages and
 * reports p50/p99/max of the time from the request to the translation. The last line printed is
 * one JSON object.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startMockDeepL, startMockGoogle, MOCK_DEEPL_KEY, MOCK_GOOGLE_KEY } from '../apps/server/test/mock-engines';
import { ChurchTranslator, PRIMARY_REST_MS } from '../apps/server/src/providers/translation/church-translator';
import { DeepLTranslator } from '../apps/server/src/providers/translation/deepl-translator';
import { GoogleTranslator } from '../apps/server/src/providers/translation/google-translator';
import { UsageMeter } from '../apps/server/src/providers/translation/usage-meter';
import { openDatabase } from '../apps/server/src/db/client';
import { churches } from '../apps/server/src/db/schema';
import { percentile } from './ipc';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '20' }, latency: { type: 'string', default: '80' } } });
const lines = Number(values.lines);
const latencyMs = Number(values.latency);
const log = (s: string) => process.stderr.write(`${s}\n`);

const [deepl, google] = await Promise.all([startMockDeepL({ latencyMs }), startMockGoogle({ latencyMs })]);
const church = { id: '00000000-0000-4000-8000-000000000001', timeZone: 'Australia/Sydney' };
const targets = ['pt', 'es', 'zh-Hans'];

type Failure = 'none' | '500' | 'hang';
async function scenario(name: string, failure: Failure, restMs: number) {
  deepl.reset();
  google.reset();
  deepl.setLatency(latencyMs);
  google.setLatency(latencyMs);
  if (failure === '500') deepl.failNext({ status: 500, count: 1_000_000, path: '/v2/translate' });
  if (failure === 'hang') deepl.failNext({ hangMs: 10_000, count: 1_000_000, path: '/v2/translate' });
  const t = new ChurchTranslator(
    [{ slot: 'primary', translator: new DeepLTranslator({ key: MOCK_DEEPL_KEY, baseUrlOverride: deepl.url }) },
      { slot: 'failover', translator: new GoogleTranslator({ key: MOCK_GOOGLE_KEY, baseUrlOverride: google.url }) }],
    church, null, Date.now, restMs,
  );
  const waitsInOrder: number[] = [];
  let lost = 0;
  for (let i = 0; i < lines; i++) {
    const started = performance.now();
    const out = await t.translateTraced(`Line ${i} of the sermon, grace and peace.`, 'en', targets);
    waitsInOrder.push(performance.now() - started);
    lost += targets.filter((c) => out.byLanguage[c] === undefined).length;
  }
  const r = (x: number) => Math.round(x);
  const waits = [...waitsInOrder].sort((a, b) => a - b);
  const result = { name, p50Ms: r(percentile(waits, 50)), p99Ms: r(percentile(waits, 99)), maxMs: r(Math.max(...waits)), firstLineMs: r(waitsInOrder[0]!), lost, deeplRequests: deepl.count('/v2/translate'), googleRequests: google.count('/language/translate/v2') };
  log(`${name.padEnd(34)} p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  first line ${result.firstLineMs} ms  lost ${lost}  requests DeepL ${result.deeplRequests} Google ${result.googleRequests}`);
  return result;
}

log(`engines benchmark: ${lines} lines into ${targets.length} languages, engines answering after ${latencyMs} ms`);
const scenarios = [
  await scenario('first engine healthy', 'none', PRIMARY_REST_MS),
  await scenario('first engine 500s, resting after', '500', PRIMARY_REST_MS),
  await scenario('first engine 500s, never resting', '500', 0),
  await scenario('first engine hangs, resting after', 'hang', PRIMARY_REST_MS),
  await scenario('first engine hangs, never resting', 'hang', 0),
];
await Promise.all([deepl.close(), google.close()]);

// Metering on the live path: a call recorded in memory, then written as one statement per table.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-engines-'));
const database = await openDatabase({ dataDir });
const [row] = await database.db.insert(churches).values({
  name: 'Bench Church', address: '1 Bench Street', suburb: 'Sydney', state: 'New South Wales', country: 'Australia',
  contactNumber: '0299990000', pastorName: 'Pat Pastor', pastorPhone: '0411111111',
}).returning();
const meter = new UsageMeter(database.db, (err) => log(String(err)), 0);
const calls = 10_000;
const recordStarted = performance.now();
for (let i = 0; i < calls; i++) {
  meter.record({ churchId: row!.id, timeZone: 'Australia/Sydney', slot: 'primary', engine: 'deepl', purpose: i % 3 ? 'partial' : 'final', units: 120, ok: i % 50 !== 0, latencyMs: 90, error: 'x' });
}
const recordUs = ((performance.now() - recordStarted) * 1000) / calls;
const flushStarted = performance.now();
await meter.flush();
const flushMs = performance.now() - flushStarted;
await meter.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
log(`metering: ${recordUs.toFixed(2)} µs a call recorded; ${calls} calls written in ${flushMs.toFixed(1)} ms (one statement per table, embedded database)`);

console.log(JSON.stringify({ lines, languages: targets.length, engineLatencyMs: latencyMs, scenarios, metering: { recordMicroseconds: Number(recordUs.toFixed(2)), flushMsFor10000Calls: Number(flushMs.toFixed(1)) } }));
