/**
 * When the server's speech recognition leaves its engine (decision 038), as a pure function, no
 * I/O: recognition-session.ts feeds it what happened and does what it says.
 *
 * - A wrong key or an account out of credit will not heal by retrying: the other engine at once.
 * - A stream that closed or failed once in a while (an engine closing an idle stream, a network
 *   blip) is opened again on the same engine, its unfinished audio replayed: no gap, no switch.
 *   A second failure within a minute, or an engine that cannot be reached, moves to the other.
 * - An engine that says nothing while the speaker talks (speech energy for `stallMs`) is failing
 *   quietly: the other engine takes over.
 * - With no other engine (or it failed recently), the same one is tried again a few times, then the
 *   speaker is told (the page falls back to typing and the browser's recogniser).
 */
import type { EngineErrorKind, EngineSlot } from '@app/shared';

export type RecognitionSignal =
  /** The active stream failed, or closed without being asked to. */
  | { kind: 'failed'; error: EngineErrorKind }
  /** A periodic check while audio flows. */
  | { kind: 'tick' };

export interface RecognitionPolicyInput {
  signal: RecognitionSignal;
  active: EngineSlot;
  /** Whether the church has a second engine at all. */
  hasOther: boolean;
  /** When the other engine last failed (ms, the session's clock), or null. */
  otherFailedAt: number | null;
  /** The other engine's last failure was its key or account (it stays out for the sermon's next minutes). */
  otherFailedForGood: boolean;
  /** Failures of the active engine in the last minute, this one not counted. */
  recentFailures: number;
  /** Milliseconds of audio with speech energy since the active engine last answered anything. */
  speechWithoutResultMs: number;
  /** How long an engine may stay silent while the speaker talks (an engine that answers only at a phrase's end waits longer). */
  stallMs: number;
  now: number;
}

export type RecognitionAction =
  | { do: 'none' }
  | { do: 'reconnect'; why: string }
  | { do: 'switch'; to: EngineSlot; why: string }
  | { do: 'give_up'; why: string };

/** After failing, an engine is not switched back to for this long. */
export const OTHER_COOLDOWN_MS = 30_000;
/** After a wrong key or no credit, an engine is not switched back to for this long. */
export const FOR_GOOD_COOLDOWN_MS = 10 * 60_000;
/** Attempts on the same engine within a minute before giving up, when there is nowhere else to go. */
export const MAX_RETRIES_ALONE = 3;

const FOR_GOOD: ReadonlySet<EngineErrorKind> = new Set(['auth', 'quota']);

const other = (slot: EngineSlot): EngineSlot => (slot === 'primary' ? 'failover' : 'primary');

export function decideRecognition(input: RecognitionPolicyInput): RecognitionAction {
  const { signal } = input;
  let error: EngineErrorKind;
  if (signal.kind === 'tick') {
    if (input.speechWithoutResultMs < input.stallMs) return { do: 'none' };
    error = 'timeout';
  } else error = signal.error;

  const otherReady = input.hasOther && (input.otherFailedAt === null
    || input.now - input.otherFailedAt >= (input.otherFailedForGood ? FOR_GOOD_COOLDOWN_MS : OTHER_COOLDOWN_MS));
  const forGood = FOR_GOOD.has(error);
  const firstBlip = input.recentFailures === 0 && !forGood && error !== 'unreachable' && error !== 'timeout';

  if (firstBlip) return { do: 'reconnect', why: `${error}: first failure this minute` };
  if (otherReady) return { do: 'switch', to: other(input.active), why: forGood ? `${error}: will not heal by retrying` : `${error}: failed again` };
  if (!forGood && input.recentFailures < MAX_RETRIES_ALONE) return { do: 'reconnect', why: `${error}: no other engine ready` };
  return { do: 'give_up', why: `${error}: no engine left` };
}
