/**
 * The server side of the live benchmarks (bench:live, bench:latency), run in its own process so its memory can be
 * measured alone. It builds the real app on embedded PGlite, seeds one church whose translator is
 * the (mock) Azure one, adds a bare Socket.IO namespace for the baseline, listens, and answers the
 * parent's questions over IPC. With DATABASE_URL and REDIS_URL (--processes 2) several of these
 * serve one database; only the first (BENCH_SEED=1) seeds it. Started by bench/live-servers.ts; not
 * meant to be run by hand.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { listeningLanguages } from '@app/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedDemoChurch, seedLiveChurch } from './live-seed';
import { seedRecognitionEngines } from './speech-seed';
import { recognitionDeliveryTimes } from '../apps/server/src/live/recognition/server-recognition';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';

type ParentMessage = { type: 'rss' } | { type: 'stop' } | { type: 'profile' } | { type: 'profile-end' } | { type: 'cpu' } | { type: 'speech-times' };

const send = (msg: object) => process.send?.(msg);
const languageCount = Number(process.env.BENCH_LANGUAGES ?? 6);

// As apps/server/src/main.ts does: a library's unawaited Redis command failing is logged, not fatal.
process.on('unhandledRejection', (err) => process.stderr.write(`unhandled rejection: ${String(err)}\n`));

const config = loadConfig({ LISTEN_PER_ADDRESS: '1000000', ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
const { app, ctx } = await buildApp(config, { logger: false });

// BENCH_LANGUAGE_CODES (bench:latency) names them; else the first BENCH_LANGUAGES of the product's.
const languages = process.env.BENCH_LANGUAGE_CODES
  ? process.env.BENCH_LANGUAGE_CODES.split(',')
  : listeningLanguages.slice(0, languageCount).map((l) => l.code);
const seed = process.env.BENCH_SEED;
const seeded = seed === '0' ? null : seed === 'demo' ? await seedDemoChurch(ctx) : await seedLiveChurch(ctx, languages, Number(process.env.BENCH_GLOSSARY ?? 0));
// bench:speech: the church hears its speakers through the loopback Deepgram, then AssemblyAI.
if (seeded && process.env.BENCH_RECOGNITION) await seedRecognitionEngines(ctx, seeded.churchId);

// The baseline: the same caption-shaped messages broadcast to language rooms, with nothing else.
const bare = app.io.of('/bench');
bare.on('connection', (socket) => {
  socket.on('join', (language: string, ack?: () => void) => {
    void socket.join(language);
    ack?.();
  });
  socket.on('echo', (msg: { seq: number; text: string; sermonId: string }) => {
    for (const language of languages) {
      bare.to(language).emit('msg', { sermonId: msg.sermonId, seq: msg.seq, language, text: msg.text, final: true, provider: 'source' });
    }
  });
});

await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

// BENCH_PROFILE=dir (the speaker's server only): a CPU profile from the parent's 'profile' message
// (sent just before the kill, or before the herd's start) to 'profile-end' or 'stop', written to dir.
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
profiler?.connect();

let profiling = false;
async function writeProfile() {
  if (!profiler || !profiling) return;
  profiling = false;
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(path.join(process.env.BENCH_PROFILE!, `live-server-${process.pid}.cpuprofile`), JSON.stringify(profile));
}

process.on('message', async (msg: ParentMessage) => {
  if (msg.type === 'rss') {
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 50));
    }
    send({ type: 'rss', rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed });
  } else if (msg.type === 'cpu') {
    const used = process.cpuUsage();
    send({ type: 'cpu', ms: (used.user + used.system) / 1000 });
  } else if (msg.type === 'speech-times') {
    send({ type: 'speech-times', ms: recognitionDeliveryTimes(ctx) });
  } else if (msg.type === 'profile' && profiler) {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    profiling = true;
  } else if (msg.type === 'profile-end') {
    await writeProfile();
    send({ type: 'profiled' });
  } else if (msg.type === 'stop') {
    await writeProfile();
    await app.close();
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({ type: 'ready', port, cookie: seeded?.cookie, churchId: seeded?.churchId, joinCode: seeded && 'joinCode' in seeded ? seeded.joinCode : undefined, languages: seeded && 'languages' in seeded ? seeded.languages : languages });
