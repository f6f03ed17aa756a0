/**
 * `npm run restore -- FILE` (decision 032): restores a backup into an empty data folder (DATA_DIR) or
 * an empty PostgreSQL database (DATABASE_URL). A refusal is one line on stderr and nothing written;
 * progress goes to stderr, the summary to stdout. FILE is read relative to where npm was started.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { restoreBackup, RestoreRefused } from '../modules/backups/restore';

const say = (line: string) => process.stderr.write(`${line}\n`);
const given = process.argv.slice(2).filter((a) => a !== '--');

try {
  if (given.length !== 1) throw new RestoreRefused('Usage: npm run restore -- FILE   (into an empty DATA_DIR, or the empty database at DATABASE_URL)');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given[0]!);
  const config = loadConfig();
  const summary = await restoreBackup({ file, config, log: say });
  const tables = Object.keys(summary.rows).length;
  const rows = Object.values(summary.rows).reduce((n, c) => n + c, 0);
  const lines = [
    `Restored ${rows} rows in ${tables} tables from the backup of ${summary.head.createdAt} into ${summary.target}.`,
    summary.head.files.in === 'bucket'
      ? `Images and voice clips are in the S3 bucket ${summary.head.files.bucket}, not in this file: start the server with S3_BUCKET=${summary.head.files.bucket}.`
      : `Images and voice clips: ${summary.head.files.count} files restored with the database.`,
  ];
  if (summary.forgotten > 0) lines.push(`${summary.forgotten} people whose deletion was approved after this backup were deleted again.`);
  lines.push('Start the server as usual (npm start) to use it.');
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
} catch (err) {
  const message = err instanceof RestoreRefused || err instanceof ConfigError ? err.message : `Restore failed, nothing was restored: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
