/**
 * How a phone plays the voice stream (decision 036), as a pure function shared by the listener
 * page and the voice benchmark. The stream is written a moment ahead of the pastor's timeline, and
 * a phone that has just started (or came back from a stall) holds more than that: the priming
 * silence browsers need before they play, and whatever arrived while it was starting. It plays that
 * backlog away a little faster, never beyond 1.3× together with the server's own speed-up, and
 * settles at normal speed with a small margin left, so it never runs dry.
 */
import { VOICE_MAX_RATE } from './live-events';

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
