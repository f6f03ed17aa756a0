/**
 * When the server's speech recognition leaves its engine, and when it tries again (decisions 038
 * and 043), as a pure function, no I/O: recognition-session.ts feeds it what happened, the time and
 * a random number, and does what it says. It never gives up while the sermon is live.
 *
 * - A stream that closed once in a while (an engine closing an idle stream, a network blip) is
 *   opened again on the same engine at once, its unfinished audio replayed: no gap, no switch.
 * - Anything else (a second failure within a minute, an unreachable or silent engine, a wrong key,
 *   an account out of credit) goes to the church's other engine: at once if it has not failed
 *   lately, else after a back-off. Tries alternate between the two engines.
 * - The back-off grows with the failures since an engine last answered: about 0.5 s, 1, 2, 4, 8,
 *   then 10 s, each ±20 % (jitter, so a church's engines and many sermons do not retry in step),
 *   for as long as the sermon lasts: an engine that comes back is used again.
 * - A wrong key or no credit will not heal by retrying soon: that engine is tried again only after
 *   10 minutes while the other can be tried, and at least a minute apart when it is the only one.
 * - While a try waits, no engine listens: the speaker is told, and a browser that has its own
 *   recogniser takes over until an engine answers.
 */
import type { EngineErrorKind, EngineSlot } from '@app/shared';

export type RecognitionSignal =
  /** The active stream failed, closed without being asked to, or could not be opened. */
  | { kind: 'failed'; error: EngineErrorKind }
  /** A periodic check while audio flows. */
  | { kind: 'tick' };

export interface SlotHealth {
  slot: EngineSlot;
  /** When it last failed (ms, the session's clock), or null. */
  failedAt: number | null;
  /** Its last failure was its key or account. */
  forGood: boolean;
}

export interface RecognitionPolicyInput {
  signal: RecognitionSignal;
  active: EngineSlot;
  /** The church's engines (one or two), the active one's health before this failure. */
  slots: SlotHealth[];
  /** Failures of the active engine in the last minute, this one not counted. */
  recentFailures: number;
  /** Failures since any engine last answered, this one not counted. */
  streak: number;
  /** Milliseconds of audio with speech energy since the active engine last answered anything. */
  speechWithoutResultMs: number;
  /** How long an engine may stay silent while the speaker talks (an engine that answers only at a phrase's end waits longer). */
  stallMs: number;
  now: number;
  /** 0 ≤ random < 1, for the jitter. */
  random: number;
}

export type RecognitionAction =
  | { do: 'none' }
  /** Open `slot` (the same engine or the other) after `afterMs` (0: at once). */
  | { do: 'open'; slot: EngineSlot; afterMs: number; why: string };

export const FIRST_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;
const JITTER = 0.2;
/** After a wrong key or no credit, an engine is not tried again for this long while the other can be. */
export const FOR_GOOD_COOLDOWN_MS = 10 * 60_000;
/** …and at least this far apart when every engine's key failed. */
export const FOR_GOOD_RETRY_MS = 60_000;

const FOR_GOOD: ReadonlySet<EngineErrorKind> = new Set(['auth', 'quota']);

/** The wait before the next try after `streak` failures in a row, with its jitter. */
export function backoffMs(streak: number, random: number): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, streak));
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

export function decideRecognition(input: RecognitionPolicyInput): RecognitionAction {
  const { signal, now, active } = input;
  let error: EngineErrorKind;
  if (signal.kind === 'tick') {
    if (input.speechWithoutResultMs < input.stallMs) return { do: 'none' };
    error = 'timeout';
  } else error = signal.error;

  const forGood = FOR_GOOD.has(error);
  if (!forGood && input.recentFailures === 0 && input.streak === 0 && error !== 'unreachable' && error !== 'timeout') {
    return { do: 'open', slot: active, afterMs: 0, why: `${error}: first failure this minute, same engine` };
  }

  const wait = backoffMs(input.streak, input.random);
  const other = input.slots.find((s) => s.slot !== active);
  const otherUsable = other && (!other.forGood || other.failedAt === null || now - other.failedAt >= FOR_GOOD_COOLDOWN_MS);
  if (other && otherUsable) {
    const rested = other.failedAt === null || now - other.failedAt >= wait;
    return { do: 'open', slot: other.slot, afterMs: rested ? 0 : wait - (now - other.failedAt!), why: `${error}: the other engine` };
  }
  if (!forGood) return { do: 'open', slot: active, afterMs: wait, why: `${error}: no other engine ready, same engine after a back-off` };
  // Every engine's key or account failed: the one that failed longest ago, a minute apart at least.
  const next = other && other.failedAt !== null && other.failedAt < now ? other.slot : active;
  return { do: 'open', slot: next, afterMs: Math.max(wait, FOR_GOOD_RETRY_MS), why: `${error}: every engine refused its key, tried again in a while` };
}
