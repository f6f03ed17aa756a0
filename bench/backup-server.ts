/**
 * The server side of bench:backup, in its own process so its memory is measured alone: the real app
 * on PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR/db on disk), holding the bench:api
 * analytics database (members, sermons, ten listener rows a member, salvations) and the live
 * benchmark's church, listening. Asked 'backup', it makes one as "Back up now" does (snapshot, worker
 * process, file stored) while sampling its own memory. Started by bench/backup.ts; not meant to be
 * run by hand.
 */
import { cp, stat } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { listeningLanguages } from '@app/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';
import { startBackup } from '../apps/server/src/modules/backups/run-backup';
import { writeAnalyticsData } from './analytics-seed';
import { seedLiveChurch } from './live-seed';

const send = (msg: object) => process.send?.(msg);
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const languages = listeningLanguages.slice(0, Number(process.env.BENCH_LANGUAGES ?? 6)).map((l) => l.code);

process.on('unhandledRejection', (err) => process.stderr.write(`unhandled rejection: ${String(err)}\n`));

const config = loadConfig({ LISTEN_PER_ADDRESS: '1000000', ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
// --reuse (embedded): the data an earlier run of the same size wrote, kept in BENCH_REUSE_DIR.
const reuseDir = config.dbKind === 'pglite' ? process.env.BENCH_REUSE_DIR : undefined;
const reused = !!reuseDir && (await stat(path.join(reuseDir, 'PG_VERSION')).then(() => true, () => false));
if (reused) await cp(reuseDir!, path.join(config.DATA_DIR, 'db'), { recursive: true });
const { app, ctx } = await buildApp(config, { logger: false });

const seedStarted = performance.now();
if (!reused) {
  await writeAnalyticsData(ctx.db, members);
  if (reuseDir) {
    // Nothing else runs yet: after a checkpoint the folder is whole on disk.
    await ctx.db.execute(sql`checkpoint`);
    await cp(path.join(config.DATA_DIR, 'db'), reuseDir, { recursive: true });
  }
}
const live = await seedLiveChurch(ctx, languages);
const rows = await ctx.db.execute(sql`select count(*)::int as n from listener_sessions`) as unknown as { rows: Array<{ n: number }> };
const seedSeconds = (performance.now() - seedStarted) / 1000;
const seededNow = !reused;

await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

// The event loop's delays before the backup (the live lines without it), to compare with during.
const baselineDelay = monitorEventLoopDelay({ resolution: 10 });

process.on('message', async (msg: { type: string }) => {
  if (msg.type === 'baseline') {
    baselineDelay.enable();
    baselineDelay.reset();
  } else if (msg.type === 'backup') {
    baselineDelay.disable();
    // No forced GC first: on a heap this size it alone would hold up the captions being measured.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    // Where this process's own event loop was held up, to tell the server's stalls from the machine's.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const at = () => performance.timeOrigin + performance.now();
    const startedAt = at();
    try {
      const { done } = await startBackup(ctx, { trigger: 'manual', onProgress: (percent) => send({ type: 'backup-progress', percent, at: at() }) });
      const result = await done;
      clearInterval(sampler);
      delay.disable();
      send({
        type: 'backup-done',
        seconds: (at() - startedAt) / 1000,
        bytes: result.size,
        location: result.location,
        rows: Object.values(result.head.tables).reduce((n, c) => n + c, 0),
        rssBefore,
        rssPeak,
        workerMaxRss: result.workerMaxRssBytes ?? null,
        eventLoopDelayMaxMs: delay.max / 1e6,
        eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
        baselineEventLoopDelayMaxMs: baselineDelay.max / 1e6,
        baselineEventLoopDelayP99Ms: baselineDelay.percentile(99) / 1e6,
      });
    } catch (err) {
      clearInterval(sampler);
      send({ type: 'backup-failed', message: err instanceof Error ? err.message : String(err) });
    }
  } else if (msg.type === 'stop') {
    await app.close();
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({ type: 'ready', port, cookie: live.cookie, churchId: live.churchId, languages, seedSeconds, reused: !seededNow, listenerRows: rows.rows[0]!.n, database: ctx.dbKind });
