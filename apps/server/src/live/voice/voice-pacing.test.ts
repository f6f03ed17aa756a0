import { describe, expect, it } from 'vitest';
import { commit, defaultPacing, emptyTimeline, place, rateFor, type Timeline } from './voice-pacing';

describe('voice pacing', () => {
  it.each([
    // seconds queued ahead, previous speed, speed (decision 047: from 0.15 s queued, full at 0.8 s)
    [0, 1, 1],
    [0.15, 1, 1],
    [0.3, 1, 1.04],
    [0.9, 1, 1.06],
    [0.5, 1.06, 1.1],
    [1.2, 1.12, 1.18],
    [30, 1.18, 1.18],
    [0, 1.18, 1.12],
  ])('with %s s queued after a speed of %s, says the next piece at %s×', (waiting, previous, rate) => {
    expect(rateFor(waiting, previous)).toBe(rate);
  });

  it('never goes above its share of 1.3× or below normal speed', () => {
    for (let waiting = 0; waiting < 60; waiting += 0.5) {
      for (const previous of [1, 1.1, 1.18]) {
        const r = rateFor(waiting, previous);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(defaultPacing.maxRate);
      }
    }
  });

  it('starts a piece after the one before it, never on top of it', () => {
    const t: Timeline = { endAt: 10_000, rate: 1 };
    const p = place(t, { settledAt: 8_000, naturalS: 2 }, 9_000);
    expect(p).toMatchObject({ kind: 'play', startAt: 10_000, lagS: 2 });
  });

  it('starts a piece a moment ahead when nothing is playing, since the stream is written that far ahead', () => {
    const p = place(emptyTimeline(), { settledAt: 1_000, naturalS: 1 }, 1_000);
    expect(p).toMatchObject({ kind: 'play', startAt: 1_000 + defaultPacing.leadMs, rate: 1 });
  });

  it('leaves out a piece only past the hard limit, and keeps the next one that fits', () => {
    const t: Timeline = { endAt: 20_000, rate: 1.18 };
    expect(place(t, { settledAt: 7_000, naturalS: 2 }, 8_000)).toMatchObject({ kind: 'skip' });
    expect(place(t, { settledAt: 9_000, naturalS: 2 }, 9_500)).toMatchObject({ kind: 'play', rate: 1.18 });
  });

  it('catches up with a pastor 15% slower to say in translation, never skipping, at a preacher’s pace', () => {
    // A sentence of about 5 s every 5.5 s (a short pause), each 1.15× as long to say: at normal
    // speed the voice would fall 0.25 s further behind each time.
    let t = emptyTimeline();
    let skipped = 0;
    let maxLag = 0;
    for (let i = 0; i < 60; i++) {
      const settledAt = i * 5_500 + 1_500;
      const p = place(t, { settledAt, naturalS: 5.75 }, settledAt);
      if (p.kind === 'skip') {
        skipped++;
        continue;
      }
      maxLag = Math.max(maxLag, p.lagS);
      t = commit(t, p, 5.75 / p.rate);
    }
    expect(skipped).toBe(0);
    expect(maxLag).toBeLessThan(4);
  });
});
