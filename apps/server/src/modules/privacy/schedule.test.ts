import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import { parseExposition, valueOf } from '../../../test/helpers/prometheus';
import { AppMetrics } from '../../lib/app-metrics';
import { PRIVACY_JOB_EVERY_MS, startPrivacySchedule } from './schedule';

afterEach(() => { vi.useRealTimers(); });

const contextWithMetrics = () => ({ log: { error: vi.fn() }, metrics: new AppMetrics() }) as unknown as AppContext;
const jobFigures = async (ctx: AppContext, job: string) => {
  const samples = parseExposition(await ctx.metrics.exposition());
  return { runs: valueOf(samples, 'job_runs_total', { job }), failures: valueOf(samples, 'job_failures_total', { job }) };
};

describe('the privacy schedule', () => {
  it('runs at start and then every hour, and stops when the server closes', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const ctx = contextWithMetrics();
    const stop = startPrivacySchedule(ctx, run);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PRIVACY_JOB_EVERY_MS);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * PRIVACY_JOB_EVERY_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run and keeps the schedule going', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => { throw new Error('database away'); });
    const ctx = contextWithMetrics();
    const stop = startPrivacySchedule(ctx, run);
    await vi.advanceTimersByTimeAsync(PRIVACY_JOB_EVERY_MS);
    expect(ctx.log.error).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('job figures at /metrics', () => {
  it('counts each run and each failure of a job as the clock moves, not the runs another process held the lock for', async () => {
    vi.useFakeTimers();
    const outcomes: Array<'ok' | 'skipped' | 'fail'> = ['ok', 'skipped', 'fail', 'ok'];
    const run = vi.fn(async () => {
      const outcome = outcomes.shift();
      if (outcome === 'fail') throw new Error('mail server away');
      return { ran: outcome === 'ok', mailed: 0 };
    });
    const ctx = contextWithMetrics();
    const everyMs = 5 * 60_000;
    const stop = startPrivacySchedule(ctx, run, everyMs, 'digest');
    await vi.advanceTimersByTimeAsync(0);
    expect(await jobFigures(ctx, 'digest')).toEqual({ runs: 1, failures: 0 });
    await vi.advanceTimersByTimeAsync(everyMs);
    expect(await jobFigures(ctx, 'digest')).toEqual({ runs: 1, failures: 0 });
    await vi.advanceTimersByTimeAsync(everyMs);
    expect(await jobFigures(ctx, 'digest')).toEqual({ runs: 2, failures: 1 });
    await vi.advanceTimersByTimeAsync(everyMs);
    expect(await jobFigures(ctx, 'digest')).toEqual({ runs: 3, failures: 1 });
    // Other jobs are listed at 0, so an alert on their failures has a series to watch.
    expect(await jobFigures(ctx, 'purge')).toEqual({ runs: 0, failures: 0 });
    stop();
  });

  it('counts the purge job by default, and keeps the time of the last good backup it is given', async () => {
    vi.useFakeTimers();
    const ctx = contextWithMetrics();
    const stop = startPrivacySchedule(ctx, async () => ({ ran: true }));
    await vi.advanceTimersByTimeAsync(PRIVACY_JOB_EVERY_MS);
    expect(await jobFigures(ctx, 'purge')).toEqual({ runs: 2, failures: 0 });
    stop();
    ctx.metrics.recordJobRun('backup', false);
    ctx.metrics.setLastGoodBackup(new Date('2026-11-22T15:00:00Z'));
    const samples = parseExposition(await ctx.metrics.exposition());
    expect(valueOf(samples, 'job_failures_total', { job: 'backup' })).toBe(1);
    expect(valueOf(samples, 'last_good_backup_timestamp_seconds')).toBe(Date.parse('2026-11-22T15:00:00Z') / 1000);
  });
});
