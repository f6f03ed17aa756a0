import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import { PRIVACY_JOB_EVERY_MS, startPrivacySchedule } from './schedule';

afterEach(() => { vi.useRealTimers(); });

describe('the privacy schedule', () => {
  it('runs at start and then every hour, and stops when the server closes', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const ctx = { log: { error: vi.fn() } } as unknown as AppContext;
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
    const ctx = { log: { error: vi.fn() } } as unknown as AppContext;
    const stop = startPrivacySchedule(ctx, run);
    await vi.advanceTimersByTimeAsync(PRIVACY_JOB_EVERY_MS);
    expect(ctx.log.error).toHaveBeenCalledTimes(2);
    stop();
  });
});
