import type { AppContext } from '../../context';
import { runPrivacyJobs } from './privacy-jobs';

export const PRIVACY_JOB_EVERY_MS = 60 * 60_000;

/**
 * Runs the privacy jobs at start and every hour inside the server process (decision 017). Each
 * run takes the advisory lock, so several processes starting together do the work once. A failed
 * run is logged and retried at the next hour; it never stops the server.
 */
export function startPrivacySchedule(ctx: AppContext, run: (ctx: AppContext) => Promise<unknown> = runPrivacyJobs, everyMs = PRIVACY_JOB_EVERY_MS, name = 'privacy jobs'): () => void {
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    run(ctx).catch((err: unknown) => ctx.log.error({ err }, `${name} failed; retrying at the next run`));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
