/**
 * How a phone plays the voice stream (decision 036), as a pure function shared by the listener
 * page and the voice benchmark. The stream is written a moment ahead of the pastor's timeline, and
 * a phone that has just started (or came back from a stall) holds more than that: the priming
 * silence browsers need before they play, and whatever arrived while it was starting. It plays that
 * backlog away a little faster, never beyond 1.3× together with the server's own speed-up, and
 * settles at normal speed with a small margin left, so it never runs dry.
 */
import { VOICE_MAX_RATE } from './live-events';

export interface PacingOptions {
  /** Fastest the voice is ever said. */
  maxRate: number;
  /** Seconds waiting to be heard (this piece included) below which the voice is at normal speed. */
  relaxedS: number;
  /** Seconds waiting at which it reaches `maxRate`. */
  fullSpeedS: number;
  /** Most the speed changes from one piece to the next: a listener hears it ease, not jump. */
  maxStep: number;
  /** A piece that would start this long after its words were settled is left out (server voice). */
  hardLimitS: number;
  /** Soonest a piece may start after it is placed: the stream is written this far ahead (server voice). */
  leadMs: number;
}

export const defaultPacing: PacingOptions = { maxRate: VOICE_MAX_RATE, relaxedS: 2, fullSpeedS: 6, maxStep: 0.1, hardLimitS: 12, leadMs: 450 };

/**
 * The voice's speed for what waits to be heard, eased from the previous speed (decision 036): the
 * one policy of the server's voice and of a phone speaking with its own voice. Interpreters who
 * fall behind speak faster rather than leave sentences out; comprehension holds to about 1.3×.
 */
export function voiceRateFor(waitingS: number, previous: number, o: PacingOptions = defaultPacing): number {
  const share = Math.min(1, Math.max(0, (waitingS - o.relaxedS) / (o.fullSpeedS - o.relaxedS)));
  const wanted = 1 + share * (o.maxRate - 1);
  const eased = Math.min(previous + o.maxStep, Math.max(previous - o.maxStep, wanted));
  return Math.round(Math.min(o.maxRate, Math.max(1, eased)) * 100) / 100;
}

export interface PlaybackPolicy {
  /** Seconds buffered ahead of the playhead above which the phone catches up. */
  catchUpAboveS: number;
  /** Seconds buffered ahead at which it is back at normal speed. */
  settleBelowS: number;
  /** Its own speed while catching up (before the server's share of the limit is taken off). */
  catchUpRate: number;
}

export const defaultPlayback: PlaybackPolicy = { catchUpAboveS: 1.0, settleBelowS: 0.55, catchUpRate: 1.25 };

/**
 * The playback rate for `aheadS` seconds buffered ahead, given the rate now and the speed-up the
 * server already put into the audio (`serverRate`, from the voice status).
 */
export function playbackRateFor(aheadS: number, currentRate: number, serverRate = 1, p: PlaybackPolicy = defaultPlayback): number {
  const limit = Math.max(1, Math.min(p.catchUpRate, VOICE_MAX_RATE / serverRate));
  const catchingUp = aheadS > p.catchUpAboveS || (currentRate > 1 && aheadS > p.settleBelowS);
  return catchingUp ? Math.round(limit * 100) / 100 : 1;
}
