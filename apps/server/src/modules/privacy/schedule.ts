import type { AppContext } from '../../context';
import type { JobName } from '../../lib/app-metrics';
import { runPrivacyJobs } from './privacy-jobs';

export const PRIVACY_JOB_EVERY_MS = 60 * 60_000;

/**
 * Runs the privacy jobs at start and every hour inside the server process (decision 017). Each
 * run takes the advisory lock, so several processes starting together do the work once. A failed
 * run is logged and retried at the next hour; it never stops the server. Each run this process
 * carries out, and each failure, is counted under `job` at /metrics (decision 035).
 */
export function startPrivacySchedule(
  ctx: AppContext,
  run: (ctx: AppContext) => Promise<unknown> = runPrivacyJobs,
  everyMs = PRIVACY_JOB_EVERY_MS,
  job: JobName | null = 'purge',
  // null job: the backup schedule's checks, whose backups count themselves (Back up now's too).
  name: string = job ?? 'backup schedule',
): () => void {
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    run(ctx).then(
      // `{ ran: false }`: another process held the lock and did this run.
      (result) => { if (job && (result as { ran?: boolean } | undefined)?.ran !== false) ctx.metrics.recordJobRun(job, true); },
      (err: unknown) => {
        if (job) ctx.metrics.recordJobRun(job, false);
        ctx.log.error({ err, job: name }, `${name} job failed; retrying at the next run`);
      },
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
