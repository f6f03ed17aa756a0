import { describe, expect, it } from 'vitest';
import { blockFedPlayback, HEARD_MAX_RATE, PlaybackPacer, workerFedPlayback } from './voice-playback';

/** The speeds a phone chooses every 250 ms for `seconds`, holding `aheadAt(t)` seconds buffered. */
function speeds(pacer: PlaybackPacer, seconds: number, aheadAt: (t: number) => number): number[] {
  const out: number[] = [];
  for (let ms = 0; ms <= seconds * 1000; ms += 250) out.push(pacer.next(aheadAt(ms / 1000), ms));
  return out;
}

describe('how a phone plays the voice stream', () => {
  it('holds at normal speed while what it holds dips to a little every so often: it needs it', () => {
    const blocks = (t: number) => 0.35 + 1.6 - (t % 1.6);
    expect(new Set(speeds(new PlaybackPacer(), 30, blocks))).toEqual(new Set([1]));
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
    expect(ahead).toBeGreaterThan(0.55);
    expect(ahead).toBeLessThan(0.65);
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

describe('a stream fed in blocks', () => {
  it('keeps more than a block where the browser is fed in blocks', () => {
    const pacer = new PlaybackPacer(blockFedPlayback);
    expect(speeds(pacer, 6, () => 1.8).every((r) => r === 1)).toBe(true);
    expect(pacer.next(2.8, 6_250)).toBe(1.1);
    expect(pacer.next(2.0, 6_500)).toBe(1.1);
    expect(pacer.next(1.8, 6_750)).toBe(1);
  });
});

describe('a page that feeds its element itself', () => {
  it('plays a start-up backlog away down to half a second, a little over the server\'s write-ahead', () => {
    // Bytes play as they come: what is held falls only as the phone catches up, and never below
    // the 0.3 s the server writes ahead.
    let ahead = 1.5;
    const pacer = new PlaybackPacer(workerFedPlayback);
    const rates: number[] = [];
    for (let ms = 0; ms <= 30_000; ms += 250) {
      const rate = pacer.next(ahead + (ms % 1000 === 0 ? 0.04 : 0), ms);
      rates.push(rate);
      ahead = Math.max(0.3, ahead - (rate - 1) * 0.25);
    }
    expect(Math.max(...rates)).toBe(1.1);
    expect(rates.at(-1)).toBe(1);
    expect(ahead).toBeGreaterThan(0.45);
    expect(ahead).toBeLessThan(0.55);
  });

  it('plays a piece written whole away at once, with no window to wait out', () => {
    const pacer = new PlaybackPacer(workerFedPlayback);
    expect(pacer.next(0.5, 0)).toBe(1);
    // A 2 s piece lands: it is speech in hand.
    expect(pacer.next(2.5, 250)).toBe(1.1);
    expect(pacer.next(0.6, 500)).toBe(1.1);
    expect(pacer.next(0.5, 750)).toBe(1);
    // Dry at the live edge between two pieces (a stall): the next piece is again played away at once.
    pacer.reset();
    expect(pacer.next(2.2, 1000)).toBe(1.1);
  });
});
