/**
 * How fast a speaker's page may send audio (decision 038, pacing in decision 056), shared so the
 * server's guard and the page's sender cannot drift apart. The page sends 100 ms frames.
 */
export const AUDIO_FRAME_MS = 100;
/**
 * Audio a socket may send ahead of real time at once; beyond it, `AUDIO_RATE` × real time. 20 s:
 * a page away for a server restart of 15 s and its reconnection keeps all it said (decision 059).
 */
export const AUDIO_BURST_MS = 20_000;
export const AUDIO_RATE = 1.5;
/** Frames a socket may send in a second (and at once): more is refused `too_fast`. */
export const AUDIO_MAX_FRAMES_PER_SECOND = 50;
/** Frames the page holds while its socket is away: 20 s, the server's burst. */
export const HELD_AUDIO_FRAMES = AUDIO_BURST_MS / AUDIO_FRAME_MS;
/**
 * Held frames go out at twice real time, live frames queued behind them: 20 s held catch up in
 * 19 s, during which the page sends at most 39 s of audio in 390 frames (1 s at once, then 2 ×
 * real time) against the server's 20 s burst + 1.5 × 19 s = 48.5 s and 50 + 50 × 19 frames
 * (decisions 056, 059). The 1 s at once also covers a timer a background tab held back.
 */
export const HELD_AUDIO_PACE = 2;
const PACE_BURST_FRAMES = 10;

export interface HeldAudio<T> {
  /** A frame from the microphone: sent now if the link is open and the pace allows, else held. */
  push(frame: T): void;
  /** The link is up (the socket joined and the engine opened): held frames go, paced. */
  open(): void;
  /** The link went away: frames wait, the newest `HELD_AUDIO_FRAMES` kept. */
  close(): void;
  /** Stopped: what waits is dropped. */
  clear(): void;
  readonly waiting: number;
}

/** The clock the pace is kept by (this package has neither the DOM's nor Node's timers). */
export interface PaceClock {
  now: () => number;
  /** Calls `fn` after `ms`; returns what cancels it. */
  later: (fn: () => void, ms: number) => () => void;
}

/**
 * The page's audio on its way to the server: frames made while the socket is away wait (up to
 * 10 s), and on return go no faster than `HELD_AUDIO_PACE` × real time, so the server's token
 * bucket takes every one (a page that sent them all at once had half refused as too fast).
 */
export function createHeldAudio<T>(send: (frame: T) => void, clock: PaceClock): HeldAudio<T> {
  let queue: T[] = [];
  let isOpen = false;
  let credit = PACE_BURST_FRAMES;
  let at = clock.now();
  let cancel: (() => void) | null = null;

  const pump = () => {
    const now = clock.now();
    credit = Math.min(PACE_BURST_FRAMES, credit + ((now - at) / AUDIO_FRAME_MS) * HELD_AUDIO_PACE);
    at = now;
    if (!isOpen) return;
    while (queue.length > 0 && credit >= 1) {
      credit--;
      send(queue.shift()!);
    }
    // Live frames (every 100 ms) pump as well; the timer keeps a catch-up going between them.
    if (queue.length > 0 && !cancel) {
      cancel = clock.later(() => {
        cancel = null;
        pump();
      }, AUDIO_FRAME_MS / HELD_AUDIO_PACE);
    }
  };

  return {
    push(frame) {
      queue.push(frame);
      if (queue.length > HELD_AUDIO_FRAMES) queue = queue.slice(-HELD_AUDIO_FRAMES);
      pump();
    },
    open() {
      isOpen = true;
      pump();
    },
    close() {
      isOpen = false;
    },
    clear() {
      isOpen = false;
      queue = [];
      cancel?.();
      cancel = null;
    },
    get waiting() {
      return queue.length;
    },
  };
}
