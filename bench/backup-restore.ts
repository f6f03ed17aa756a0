/**
 * bench:backup's restore, in a process of its own so its time and peak memory are its own: what
 * `npm run restore -- FILE` does, into the empty target the environment names (DATA_DIR or
 * DATABASE_URL). Answers over IPC. Started by bench/backup.ts; not meant to be run by hand.
 */
import { loadConfig } from '../apps/server/src/config';
import { restoreBackup } from '../apps/server/src/modules/backups/restore';

const send = (msg: object) => process.send?.(msg);
const file = process.argv[2]!;
const started = performance.now();
try {
  const summary = await restoreBackup({ file, config: loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }), log: (line) => process.stderr.write(`  restore: ${line}\n`) });
  send({
    type: 'restored',
    seconds: (performance.now() - started) / 1000,
    rows: Object.values(summary.rows).reduce((n, c) => n + c, 0),
    maxRss: process.resourceUsage().maxRSS * 1024,
  });
} catch (err) {
  send({ type: 'restore-failed', message: err instanceof Error ? err.message : String(err) });
}
process.disconnect();
