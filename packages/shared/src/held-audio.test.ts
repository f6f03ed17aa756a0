import { describe, expect, it } from 'vitest';
import { AUDIO_BURST_MS, AUDIO_MAX_FRAMES_PER_SECOND, AUDIO_RATE, createHeldAudio, HELD_AUDIO_FRAMES, type PaceClock } from './held-audio';

/** A clock the test moves by hand, running what falls due. */
function manualClock() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  const clock: PaceClock = {
    now: () => now,
    later: (fn, ms) => {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers = timers.filter((t) => t !== next);
      now = next.at;
      next.fn();
    }
    now = end;
  };
  return { clock, advance, now: () => now };
}

/**
 * A model of the server's guard (decision 038) for a fresh socket, from the shared figures;
 * server-recognition.test.ts checks the real one.
 */
function serverGuard() {
  let ms = AUDIO_BURST_MS;
  let frames = AUDIO_MAX_FRAMES_PER_SECOND;
  let at = 0;
  return (now: number) => {
    const elapsed = now - at;
    at = now;
    ms = Math.min(AUDIO_BURST_MS, ms + elapsed * AUDIO_RATE);
    frames = Math.min(AUDIO_MAX_FRAMES_PER_SECOND, frames + (elapsed / 1000) * AUDIO_MAX_FRAMES_PER_SECOND);
    if (ms < 100 || frames < 1) return false;
    ms -= 100;
    frames--;
    return true;
  };
}

describe('held audio', () => {
  it('sends live frames at once while the link is open', () => {
    const { clock, advance } = manualClock();
    const sent: number[] = [];
    const held = createHeldAudio<number>((f) => sent.push(f), clock);
    held.open();
    for (let i = 0; i < 20; i++) {
      held.push(i);
      expect(sent.at(-1)).toBe(i);
      advance(100);
    }
    expect(held.waiting).toBe(0);
  });

  it('holds 20 s while away (a restart of 15 s and the reconnection), and on return sends it all, paced so the server refuses none, live frames behind in order', () => {
    const { clock, advance, now } = manualClock();
    const guard = serverGuard();
    const sent: number[] = [];
    let refused = 0;
    const held = createHeldAudio<number>((f) => {
      sent.push(f);
      if (!guard(now())) refused++;
    }, clock);
    held.open();
    held.close();
    // 22 s away: the newest 20 s are kept.
    let frame = 0;
    for (; frame < HELD_AUDIO_FRAMES + 20; frame++) {
      held.push(frame);
      advance(100);
    }
    expect(held.waiting).toBe(HELD_AUDIO_FRAMES);
    held.open();
    // Not all at once: 1 s of it at the start, then twice real time.
    expect(sent).toHaveLength(10);
    advance(1000);
    expect(sent).toHaveLength(30);
    // The microphone goes on while the held audio catches up.
    for (let i = 0; i < 250; i++, frame++) {
      held.push(frame);
      advance(100);
    }
    expect(refused).toBe(0);
    expect(sent).toEqual(Array.from({ length: HELD_AUDIO_FRAMES + 250 }, (_, i) => 20 + i));
    expect(held.waiting).toBe(0);
  });

  it('drops what waits when stopped', () => {
    const { clock, advance } = manualClock();
    const sent: number[] = [];
    const held = createHeldAudio<number>((f) => sent.push(f), clock);
    for (let i = 0; i < 30; i++) held.push(i);
    held.open();
    held.clear();
    advance(5000);
    expect(sent).toHaveLength(10);
    held.open();
    expect(held.waiting).toBe(0);
  });
});
