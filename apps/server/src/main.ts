import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { demoSignIns, DEMO_PASSWORD, seedDemoData } from './seed/seed';
import { DataDirError, ensureWritableDataDir, lockDataDir } from './lib/data-dir';
import { DIGEST_EVERY_MS, runMessageDigest } from './modules/messages/digest';
import { startPrivacySchedule } from './modules/privacy/schedule';
import { BACKUP_CHECK_EVERY_MS, runBackupSchedule } from './modules/backups/schedule';
import { startControlServer } from './modules/backups/control';
import { onBackupFinished } from './modules/backups/run-backup';
import { backupHealth } from './modules/backups/service';
import { LISTEN_BACKLOG } from './lib/listen';
import { startImportWorker } from './modules/people-import/worker';

async function start(config: Config) {
  await ensureWritableDataDir(config.DATA_DIR);
  // Only the embedded database needs the folder to itself; uploads and the outbox are shared safely.
  const unlock = config.dbKind === 'pglite' ? await lockDataDir(config.DATA_DIR) : async () => {};
  const { app, ctx } = await buildApp(config);
  app.addHook('onClose', unlock);
  const shouldSeed = config.NODE_ENV !== 'production' && config.SEED_DEMO !== 'false';
  const seeded = shouldSeed && (await seedDemoData(ctx.db, config.DEMO_LANGUAGE));
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  // Escalation and the 30-day purge of deletion requests: at start, then hourly (decision 017).
  ctx.onClose(startPrivacySchedule(ctx));
  // Unread church messages mailed as one digest per person (decision record 022), same lock-and-schedule pattern.
  ctx.onClose(startPrivacySchedule(ctx, runMessageDigest, DIGEST_EVERY_MS, 'digest'));
  // The daily backup at BACKUP_TIME, claimed by one process of a cluster (decision 032); each backup
  // run, scheduled or Back up now, counts itself at /metrics (decision 035), not each check.
  ctx.onClose(startPrivacySchedule(ctx, runBackupSchedule, BACKUP_CHECK_EVERY_MS, null));
  // People imports confirmed and not finished, resumed after a restart, and their invitations (decision 036).
  ctx.onClose(startImportWorker(ctx));
  ctx.onClose(onBackupFinished((outcome) => ctx.metrics.recordJobRun('backup', outcome.ok)));
  ctx.metrics.readLastGoodBackupFrom(async () => (await backupHealth(ctx)).lastGoodAt);
  // `npm run backup` cannot open the embedded database while this process has it: it asks here.
  if (ctx.dbKind === 'pglite') ctx.onClose(await startControlServer(ctx));
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [`Sermon Translate ${ctx.version} is running at ${url} (database: ${ctx.dbKind}, files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : 'in the database'})`];
  if (shouldSeed) {
    lines.push(seeded ? 'Demo data written. Demo sign-ins (password demo1234):' : `Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const s of demoSignIns) lines.push(`  ${s.email.padEnd(24)} ${s.role}`);
  }
  // Printed plainly (not only as JSON log lines) so a person starting the app sees it.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  // Libraries send some Redis commands without awaiting them (the Socket.IO adapter's publishes);
  // under load one may time out. That is logged, not a reason to drop every connection of the process.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } catch (err) {
      // A stop that fails must still stop: a process left half-closed holds its port and its sermons.
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

try {
  await start(loadConfig());
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const message = err instanceof Error ? err.message : String(err);
  // PGlite refuses a data folder another process holds; say so plainly.
  process.stderr.write(`Start-up failed: ${message}\n`);
  process.exit(1);
}
