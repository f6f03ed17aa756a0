/**
 * The server side of the live fan-out benchmark, run in its own process so its memory can be
 * measured alone. It builds the real app on embedded PGlite, seeds one church whose translator is
 * the (mock) Azure one, adds a bare Socket.IO namespace for the baseline, listens, and answers the
 * parent's questions over IPC. With DATABASE_URL and REDIS_URL (--processes 2) several of these
 * serve one database; only the first (BENCH_SEED=1) seeds it. Started by bench/live-fanout.ts; not
 * meant to be run by hand.
 */
import { writeFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { listeningLanguages } from '@app/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { churches, churchLanguages, glossaryEntries, users } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/db/seed';
import { termKey } from '../apps/server/src/modules/glossary/matcher';
import { ensureStarterGlossary } from '../apps/server/src/modules/glossary/starter';
import { newReferralCode } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createSession, SESSION_COOKIE } from '../apps/server/src/lib/session';
import { MOCK_TRANSLATOR_KEY } from '../apps/server/test/mock-azure';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';

type ParentMessage = { type: 'rss' } | { type: 'stop' } | { type: 'profile' } | { type: 'profile-end' } | { type: 'cpu' };

const send = (msg: object) => process.send?.(msg);
const languageCount = Number(process.env.BENCH_LANGUAGES ?? 6);

// As apps/server/src/main.ts does: a library's unawaited Redis command failing is logged, not fatal.
process.on('unhandledRejection', (err) => process.stderr.write(`unhandled rejection: ${String(err)}\n`));

const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
const { app, ctx } = await buildApp(config, { logger: false });

const languages = listeningLanguages.slice(0, languageCount).map((l) => l.code);
const seeded = process.env.BENCH_SEED === '0' ? null : process.env.BENCH_SEED === 'demo' ? await seedDemo() : await seed();

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
 * BENCH_SEED=demo (the lobby herd, bench/herd.ts): the product's demo data as a first start writes it
 * (the demo translator, Harbour City Church and its standing join code), the speaker being its staff
 * member.
 */
async function seedDemo() {
  await seedDemoData(ctx.db);
  // A server that has run before has its starter glossary (written once per database, at the first
  // glossary read ever): not the first Sunday morning's work of a fresh benchmark database.
  await ensureStarterGlossary(ctx.db);
  const [church] = await ctx.db.select().from(churches).where(eq(churches.joinCode, 'HARBOUR'));
  const [speaker] = await ctx.db.select().from(users).where(eq(users.email, 'staff@demo.church'));
  const offered = await ctx.db.select({ code: churchLanguages.code }).from(churchLanguages)
    .where(and(eq(churchLanguages.churchId, church!.id), eq(churchLanguages.list, 'join_live')));
  return {
    churchId: church!.id, joinCode: church!.joinCode, languages: offered.map((l) => l.code),
    cookie: `${SESSION_COOKIE}=${await createSession(ctx.db, speaker!.id)}`,
  };
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
