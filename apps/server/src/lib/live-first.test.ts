import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveFirst } from './live-first';

describe('live first', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAfter = async (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    return () => settled;
  };

  it('lets background work go at once when no line is in flight', async () => {
    const isSettled = await settledAfter(new LiveFirst().quiet(250));
    expect(isSettled()).toBe(true);
  });

  it('holds background work until every line in flight has its captions sent', async () => {
    const live = new LiveFirst();
    const first = live.begin();
    const second = live.begin();
    const isSettled = await settledAfter(live.quiet(250));
    first();
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(false);
    second();
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('lets background work go after the longest wait when lines never stop', async () => {
    const live = new LiveFirst();
    live.begin();
    const isSettled = await settledAfter(live.quiet(250));
    await vi.advanceTimersByTimeAsync(249);
    expect(isSettled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isSettled()).toBe(true);
  });
});
