/**
 * The server side of bench:import, in its own process so its memory is measured alone: the real
 * app on PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR/db), the live benchmark's
 * church with a church administrator, the import job running as in main.ts. Asked 'measure', it
 * samples its own memory until 'stop-measure'. Started by bench/import.ts.
 */
import { listeningLanguages } from '@app/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';
import { newReferralCode } from '../apps/server/src/lib/ids';
import { createSession, SESSION_COOKIE } from '../apps/server/src/lib/session';
import { startImportWorker } from '../apps/server/src/modules/people-import/worker';
import { seedLiveChurch } from './live-seed';

const send = (msg: object) => process.send?.(msg);
const languages = listeningLanguages.slice(0, Number(process.env.BENCH_LANGUAGES ?? 4)).map((l) => l.code);
process.on('unhandledRejection', (err) => process.stderr.write(`unhandled rejection: ${String(err)}\n`));

const config = loadConfig({ LISTEN_PER_ADDRESS: '1000000', ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const { app, ctx } = await buildApp(config, { logger: false });
const live = await seedLiveChurch(ctx, languages);
const [admin] = await ctx.db.insert(users).values({
  email: 'admin@bench.local', passwordHash: '!', role: 'church_admin', churchId: live.churchId, firstName: 'Bench', lastName: 'Admin', referralCode: newReferralCode(),
}).returning();
const adminCookie = `${SESSION_COOKIE}=${await createSession(ctx.db, admin!.id)}`;
ctx.onClose(startImportWorker(ctx, 250));
await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let sampler: NodeJS.Timeout | undefined;
let rssBefore = 0;
let rssPeak = 0;
process.on('message', async (msg: { type: string }) => {
  if (msg.type === 'measure') {
    rssBefore = process.memoryUsage().rss;
    rssPeak = rssBefore;
    sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    send({ type: 'measuring' });
  } else if (msg.type === 'stop-measure') {
    clearInterval(sampler);
    send({ type: 'memory', rssBefore, rssPeak });
  } else if (msg.type === 'stop') {
    await app.close();
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({ type: 'ready', port, cookie: live.cookie, adminCookie, churchId: live.churchId, languages, database: ctx.dbKind });
