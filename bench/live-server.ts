/**
 * The server side of the live benchmarks (bench:live, bench:latency), run in its own process so its memory can be
 * measured alone. It builds the real app on embedded PGlite, seeds one church whose translator is
 * the (mock) Azure one, adds a bare Socket.IO namespace for the baseline, listens, and answers the
 * parent's questions over IPC. With DATABASE_URL and REDIS_URL (--processes 2) several of these
 * serve one database; only the first (BENCH_SEED=1) seeds it. Started by bench/live-processes.ts; not
 * meant to be run by hand.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { listeningLanguages } from '@app/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { churches, churchLanguages, glossaryEntries, users } from '../apps/server/src/db/schema';
import { termKey } from '../apps/server/src/modules/glossary/matcher';
import { newReferralCode } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createSession, SESSION_COOKIE } from '../apps/server/src/lib/session';
import { MOCK_TRANSLATOR_KEY } from '../apps/server/test/mock-azure';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';

type ParentMessage = { type: 'rss' } | { type: 'stop' } | { type: 'profile' };

const send = (msg: object) => process.send?.(msg);
const languageCount = Number(process.env.BENCH_LANGUAGES ?? 6);

// As apps/server/src/main.ts does: a library's unawaited Redis command failing is logged, not fatal.
process.on('unhandledRejection', (err) => process.stderr.write(`unhandled rejection: ${String(err)}\n`));

const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
const { app, ctx } = await buildApp(config, { logger: false });

// BENCH_LANGUAGE_CODES (bench:latency) names them; else the first BENCH_LANGUAGES of the product's.
const languages = process.env.BENCH_LANGUAGE_CODES
  ? process.env.BENCH_LANGUAGE_CODES.split(',')
  : listeningLanguages.slice(0, languageCount).map((l) => l.code);
const seeded = process.env.BENCH_SEED === '0' ? null : await seed();

async function seed() {
  const [church] = await ctx.db.insert(churches).values({
    name: 'Benchmark Church', address: '1 Bench Street', suburb: 'Sydney', state: 'New South Wales', country: 'Australia',
    contactNumber: '0299990000', pastorName: 'Pat Pastor', pastorPhone: '0411111111',
    weeklyStreamLimitMinutes: 100_000, guestsMayListen: true,
    translatorKeyEnc: ctx.secrets.encrypt(MOCK_TRANSLATOR_KEY), translatorLocation: 'australiaeast',
  }).returning();
  await ctx.db.insert(churchLanguages).values([
    { churchId: church!.id, list: 'go_live' as const, code: 'en', name: 'English' },
    ...languages.map((code) => ({ churchId: church!.id, list: 'join_live' as const, code, name: code })),
  ]);
  const [speaker] = await ctx.db.insert(users).values({
    email: 'speaker@bench.local', passwordHash: await hashPassword('bench-password'), role: 'staff',
    churchId: church!.id, firstName: 'Bench', lastName: 'Speaker', referralCode: newReferralCode(),
  }).returning();
  await seedGlossary(church!.id, Number(process.env.BENCH_GLOSSARY ?? 0));
  return { churchId: church!.id, cookie: `${SESSION_COOKIE}=${await createSession(ctx.db, speaker!.id)}` };
}

/**
 * `--glossary N`: N church glossary entries (every other one `fixed` in every language), on top of
 * the starter glossary every run has, to show matching time does not grow with the glossary.
 */
async function seedGlossary(churchId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const term = `Elder${i} Member${i}`;
    const fixed = i % 2 === 0;
    return {
      churchId, language: 'en', term, termKey: termKey(term), kind: fixed ? ('fixed' as const) : ('keep' as const),
      translations: fixed ? Object.fromEntries(languages.map((code) => [code, `${term} ${code}`])) : {}, heardAs: [`Elda${i} Member${i}`],
    };
  });
  for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(glossaryEntries).values(rows.slice(i, i + 500));
}

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
// (sent just before the kill) to stop, written to dir.
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
profiler?.connect();

process.on('message', async (msg: ParentMessage) => {
  if (msg.type === 'rss') {
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 50));
    }
    send({ type: 'rss', rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed });
  } else if (msg.type === 'profile' && profiler) {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  } else if (msg.type === 'stop') {
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(path.join(process.env.BENCH_PROFILE!, `live-server-${process.pid}.cpuprofile`), JSON.stringify(profile));
    }
    await app.close();
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({ type: 'ready', port, cookie: seeded?.cookie, churchId: seeded?.churchId, languages });
