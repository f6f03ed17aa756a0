/**
 * The server side of the API benchmarks, in its own process so its memory is measured alone. It
 * builds the real app on PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR), writes the bulk
 * data, signs in a platform admin and a church admin, listens on a free port, and answers the
 * parent over IPC. Started by bench/api-lists.ts; not meant to be run by hand.
 */
import { asc, eq, like } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { churches, users } from '../apps/server/src/db/schema';
import { newReferralCode } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createSession, SESSION_COOKIE } from '../apps/server/src/lib/session';
import { seedPeople } from './api-seed';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';

const send = (msg: object) => process.send?.(msg);
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const staff = Number(process.env.BENCH_STAFF ?? 2_000);
const churchCount = Number(process.env.BENCH_CHURCHES ?? 20);

const config = loadConfig({ LISTEN_PER_ADDRESS: '1000000', ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const { app, ctx } = await buildApp(config, { logger: false });

const started = performance.now();
const passwordHash = await hashPassword('bench-password');
await seedPeople(ctx.db, { churches: churchCount, members, staff, passwordHash });
const seedMs = performance.now() - started;

const churchRows = await ctx.db.select({ id: churches.id }).from(churches).where(like(churches.name, 'Bench Church %')).orderBy(asc(churches.name));
const firstChurch = churchRows[0]!.id;
const [platform] = await ctx.db.insert(users).values({ email: 'platform@bench.example', passwordHash, role: 'platform_admin', firstName: 'Bench', lastName: 'Platform', referralCode: newReferralCode() }).returning();
const [admin] = await ctx.db.insert(users).values({ email: 'admin@bench.example', passwordHash, role: 'church_admin', churchId: firstChurch, firstName: 'Bench', lastName: 'Admin', referralCode: newReferralCode() }).returning();
const cookieOf = async (id: string) => `${SESSION_COOKIE}=${await createSession(ctx.db, id)}`;
// The throughput benchmark signs the church admin in BENCH_SESSIONS times: one session per client.
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 0);
const adminSessions: string[] = [];
for (let i = 0; i < sessionCount; i++) adminSessions.push(await cookieOf(admin!.id));

await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const [{ n: inFirstChurch } = { n: 0 }] = await ctx.db.$count(users, eq(users.churchId, firstChurch)).then((n) => [{ n }]);

send({
  type: 'ready',
  port,
  seedMs,
  db: ctx.dbKind,
  churchIds: churchRows.map((c) => c.id),
  firstChurchPeople: inFirstChurch,
  cookies: { platform: await cookieOf(platform!.id), admin: await cookieOf(admin!.id) },
  adminSessions,
});

process.on('message', async (msg: { type: string }) => {
  if (msg.type === 'rss') send({ type: 'rss', rss: process.memoryUsage().rss });
  if (msg.type === 'cpu') {
    const used = process.cpuUsage();
    send({ type: 'cpu', ms: (used.user + used.system) / 1000 });
  }
  if (msg.type === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    send({ type: 'gc' });
  }
  if (msg.type === 'stop') {
    await app.close();
    process.exit(0);
  }
});
