import { describe, expect, it } from 'vitest';
import { AudioFeed, bytesOf, msOf, Reframer, type FeedClock } from './audio-feed';

/** Frames of `ms` each, every sample numbered so order and loss show. */
function frames(...ms: number[]): Buffer[] {
  let n = 0;
  return ms.map((m) => {
    const b = Buffer.alloc(bytesOf(m));
    for (let o = 0; o < b.length; o += 2) b.writeInt16LE((n++ % 30_000) + 1, o);
    return b;
  });
}

// [what arrives, engine's shortest–longest chunk, chunks sent (ms), ms waiting]
const table: [string, number[], [number, number], number[], number][] = [
  ['a page\'s 100 ms frames pass as they are (AssemblyAI 50–1000)', [100, 100, 100], [50, 1000], [100, 100, 100], 0],
  ['a replay cut at 20 ms waits for the next frame (AssemblyAI)', [20, 100, 100], [50, 1000], [120, 100], 0],
  ['a replay cut at 40 ms, then 20 ms: still under 50, waits', [40, 5], [50, 1000], [], 45],
  ['5 s of replay at once: 100 ms chunks, none over 1000', [5000], [50, 1000], Array(50).fill(100), 0],
  ['1.5 s of replay: 100 ms chunks', [1500], [50, 1000], Array(15).fill(100), 0],
  ['a 140 ms piece goes whole (cut at 100, 40 would be under 50)', [140], [50, 1000], [140], 0],
  ['Deepgram 20–250: a 500 ms piece in 100 ms chunks', [500], [20, 250], [100, 100, 100, 100, 100], 0],
  ['an odd-length cut keeps whole samples', [33.3125, 100], [50, 1000], [133.3125], 0],
];

describe('Reframer', () => {
  it.each(table)('%s', (_what, input, [min, max], chunks, waiting) => {
    const framer = new Reframer(min, max);
    const src = frames(...input);
    const out = src.flatMap((f) => framer.push(f));
    expect(out.map((c) => msOf(c.length))).toEqual(chunks);
    for (const c of out) {
      expect(c.length % 2).toBe(0);
      expect(msOf(c.length)).toBeGreaterThanOrEqual(min);
      expect(msOf(c.length)).toBeLessThanOrEqual(max);
    }
    expect(msOf(framer.waitingBytes)).toBeCloseTo(waiting, 5);
    // Nothing lost, nothing reordered.
    expect(Buffer.concat(out).equals(Buffer.concat(src).subarray(0, Buffer.concat(out).length))).toBe(true);
  });

  it('pads the rest to the shortest chunk at the end of a stream', () => {
    const framer = new Reframer(50, 1000);
    framer.push(frames(20)[0]!);
    expect(msOf(framer.flush()!.length)).toBe(50);
    expect(framer.flush()).toBeNull();
  });
});

function fakeClock(): FeedClock & { advance(ms: number): void } {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    later: (fn, ms) => {
      const t = { at: now + ms, fn };
      timers.push(t);
      return { cancel: () => (timers = timers.filter((x) => x !== t)) };
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.fn();
      }
      now = end;
    },
  };
}

describe('AudioFeed pace', () => {
  it('sends a 5 s replay to AssemblyAI no faster than its pace, then catches up with live audio in order', () => {
    const clock = fakeClock();
    const sent: { at: number; ms: number }[] = [];
    const feed = new AudioFeed({ minChunkMs: 50, maxChunkMs: 1000, pace: { rate: 1.25, burstMs: 1000 } }, (c) => sent.push({ at: clock.now(), ms: msOf(c.length) }), clock);
    feed.push(frames(20)[0]!);
    feed.push(Buffer.concat(frames(5000)));
    // At once: the burst only (1 s), never the 5 s.
    expect(sent.reduce((s, c) => s + c.ms, 0)).toBeLessThanOrEqual(1000);
    // Live audio goes on at real time while the replay is sent.
    for (let t = 0; t < 20_000; t += 100) {
      clock.advance(100);
      feed.push(frames(100)[0]!);
      const sentMs = sent.reduce((s, c) => s + c.ms, 0);
      expect(sentMs).toBeLessThanOrEqual(1000 + clock.now() * 1.25 + 1e-6);
    }
    // Caught up: 5.02 s replay + 20 s live, all sent within 20 s (the pace lets it catch up).
    expect(feed.behindMs).toBeLessThan(200);
    expect(sent.every((c) => c.ms >= 50 && c.ms <= 1000)).toBe(true);
  });

  it('sends at once to an engine that documents no pace, and flush waits for the queue', async () => {
    const clock = fakeClock();
    let sentMs = 0;
    const feed = new AudioFeed({ minChunkMs: 20, maxChunkMs: 250, pace: null }, (c) => (sentMs += msOf(c.length)), clock);
    feed.push(Buffer.concat(frames(3000)));
    expect(sentMs).toBe(3000);
    feed.push(frames(10)[0]!);
    await feed.flush();
    expect(sentMs).toBe(3020);
  });

  it('a closed feed sends nothing more', () => {
    const clock = fakeClock();
    let chunks = 0;
    const feed = new AudioFeed({ minChunkMs: 50, maxChunkMs: 1000, pace: { rate: 1, burstMs: 100 } }, () => chunks++, clock);
    feed.push(Buffer.concat(frames(1000)));
    const before = chunks;
    feed.close();
    clock.advance(5000);
    expect(chunks).toBe(before);
  });
});
