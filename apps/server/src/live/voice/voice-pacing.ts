/**
 * How the listeners' voice keeps up with the pastor (decision 039), as a pure policy: the process
 * holding the speaker runs one timeline per language and voice, and every piece of settled text is
 * placed on it here — when it starts, how fast it is said, or that it is left out.
 *
 * Interpreters who fall behind speak faster rather than leave sentences out; comprehension holds to
 * about 1.25–1.3× normal speed. So the voice speeds up smoothly with what is waiting to be heard, up
 * to `maxRate`, slows back once caught up, and leaves out a piece (the oldest whole one waiting,
 * never half a word) only when it would start more than `hardLimitS` after its words were settled.
 */
import { defaultPacing, voiceRateFor, type PacingOptions } from '@app/shared';

export { defaultPacing, type PacingOptions } from '@app/shared';

export interface Timeline {
  /** When what is placed so far ends (ms, epoch); 0 before anything. */
  endAt: number;
  /** The speed of the last piece placed. */
  rate: number;
}

export const emptyTimeline = (): Timeline => ({ endAt: 0, rate: 1 });

export type Placement =
  | { kind: 'play'; startAt: number; rate: number; lagS: number }
  | { kind: 'skip'; lagS: number };

/** The speed for what waits to be heard: the shared policy (packages/shared/src/voice-playback.ts). */
export const rateFor = voiceRateFor;

/**
 * Places a piece of `naturalS` seconds (at normal speed) whose words were settled at `settledAt`.
 * Returns where it plays and how fast, or that it is left out; `timeline` is not changed (see `commit`).
 */
export function place(timeline: Timeline, piece: { settledAt: number; naturalS: number }, now: number, o: PacingOptions = defaultPacing): Placement {
  const startAt = Math.max(now + o.leadMs, timeline.endAt);
  const lagS = (startAt - piece.settledAt) / 1000;
  if (lagS > o.hardLimitS) return { kind: 'skip', lagS };
  // What the listener must hear before this piece: the queue the voice has to work off.
  const waitingS = Math.max(0, (startAt - now - o.leadMs) / 1000);
  return { kind: 'play', startAt, rate: rateFor(waitingS, timeline.endAt > now ? timeline.rate : 1, o), lagS };
}

/** The timeline once a placed piece lasts `playedS` seconds (after the speed-up). */
export function commit(timeline: Timeline, placement: Extract<Placement, { kind: 'play' }>, playedS: number): Timeline {
  return { endAt: placement.startAt + playedS * 1000, rate: placement.rate };
}
