import { describe, expect, it } from 'vitest';
import { HEARD_MAX_RATE, PlaybackPacer } from './voice-playback';

/** The speeds a phone chooses every 250 ms for `seconds`, holding `aheadAt(t)` seconds buffered. */
function speeds(pacer: PlaybackPacer, seconds: number, aheadAt: (t: number) => number): number[] {
  const out: number[] = [];
  for (let ms = 0; ms <= seconds * 1000; ms += 250) out.push(pacer.next(aheadAt(ms / 1000), ms));
  return out;
}

describe('how a phone plays the voice stream', () => {
  it('holds at normal speed where its browser needs what it holds: Chromium’s blocks dip to a little every 1.6 s', () => {
    const chromium = (t: number) => 0.35 + 1.6 - (t % 1.6);
    expect(new Set(speeds(new PlaybackPacer(), 30, chromium))).toEqual(new Set([1]));
  });

  it('plays faster while it holds more than it ever needs, and settles once down to the margin', () => {
    // Safari is fed as bytes come: what is held falls only as the phone catches up.
    let ahead = 2;
    const pacer = new PlaybackPacer();
    const rates: number[] = [];
    for (let ms = 0; ms <= 30_000; ms += 250) {
      const rate = pacer.next(ahead, ms);
      rates.push(rate);
      ahead -= (rate - 1) * 0.25;
    }
    // Not before it has watched long enough to know the dips.
    expect(rates.slice(0, 20).every((r) => r === 1)).toBe(true);
    expect(Math.max(...rates)).toBe(1.1);
    expect(rates.at(-1)).toBe(1);
    expect(ahead).toBeGreaterThan(0.4);
    expect(ahead).toBeLessThan(0.5);
  });

  it('starts watching afresh after a stall or a new connection', () => {
    const pacer = new PlaybackPacer();
    expect(speeds(pacer, 10, () => 3).at(-1)).toBe(1.1);
    pacer.reset();
    expect(pacer.next(3, 10_250)).toBe(1);
  });

  it('is never heard past 1.3×, the server’s speed-up and the phone’s together', () => {
    expect(HEARD_MAX_RATE).toBeLessThanOrEqual(1.3);
  });
});
