/**
 * How a phone plays the voice stream (decision 039), shared by the listener page and the voice
 * benchmark. The stream is written a moment ahead of the pastor's timeline, and a phone that has
 * just started (or came back from a stall) holds more than that: the priming silence browsers need
 * before they play, and whatever arrived while it was starting. It plays what it does not need away
 * a little faster, never beyond 1.3× together with the server's own speed-up, and settles at normal
 * speed with a small margin left, so it never runs dry.
 */
import { VOICE_MAX_RATE } from './live-events';

export interface PacingOptions {
  /** Fastest the voice is ever said. */
  maxRate: number;
  /** Seconds of voice queued ahead of a piece below which it is said at normal speed. */
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

/**
 * The 1.3× limit is shared between the server and the phone: the server's voice goes up to 1.18×
 * and a phone plays a start-up backlog away at up to 1.1×, so together they stay under 1.3×
 * whichever piece is playing (the phone cannot know which speed a piece was made at).
 */
export const SERVER_MAX_RATE = 1.18;
export const PHONE_MAX_RATE = 1.1;
/** The fastest a listener ever hears the voice: both speed-ups at once. */
export const HEARD_MAX_RATE = Math.round(SERVER_MAX_RATE * PHONE_MAX_RATE * 1000) / 1000;
if (HEARD_MAX_RATE > VOICE_MAX_RATE) throw new Error('The voice would be heard faster than 1.3×');

/** From 0.15 s queued, 1.18× at 0.8 s: a language slower to say than the pastor's keeps pace with about 0.5 s queued (decision 047). */
export const defaultPacing: PacingOptions = { maxRate: SERVER_MAX_RATE, relaxedS: 0.15, fullSpeedS: 0.8, maxStep: 0.06, hardLimitS: 12, leadMs: 360 };

/**
 * The voice's speed for what waits to be heard, eased from the previous speed (decision 039): the
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
  /** How far back the least buffered is looked for: longer than a browser's block (Chromium's 1.6 s). */
  windowS: number;
  /** The phone catches up while the least buffered over the window is above this: it holds more than its browser needs. */
  spareAboveS: number;
  /** Catching up stops once the least buffered falls to this: the margin that keeps a phone from running dry. */
  keepS: number;
  /** Its own speed while catching up (before the server's share of the limit is taken off). */
  catchUpRate: number;
}

/** A browser fed as bytes come (Safari, so every iPhone): a small margin is enough. */
export const defaultPlayback: PlaybackPolicy = { windowS: 5, spareAboveS: 1.0, keepS: 0.6, catchUpRate: PHONE_MAX_RATE };

/**
 * Chromium's loader hands over 32 KB blocks: however little was held a moment ago, the next block
 * may be 1.6 s away, and a phone that caught up into that gap stalls in the middle of a word. It
 * looks at what it holds now only, and keeps more than a block (bench:voice: a lower median than
 * the least-held rule there, decision 039).
 */
export const blockFedPlayback: PlaybackPolicy = { windowS: 0, spareAboveS: 2.6, keepS: 1.9, catchUpRate: PHONE_MAX_RATE };

/**
 * A page that feeds its element itself (Media Source Extensions in a worker, where Chromium offers
 * them): bytes reach the decoder as they come, with no block to wait for and no priming silence.
 * The server writes each piece whole the moment it is placed, so what the phone holds beyond the
 * write-ahead (0.3 s) is speech in hand: it plays it away as soon as it holds more than 0.8 s, with
 * no window to wait out. Where it then runs dry it is at the live edge between two pieces, in
 * silence, and the next piece plays as it comes (bench:voice: 0.3 s off the median of a language
 * longer to say than the pastor's, decision 039).
 */
export const workerFedPlayback: PlaybackPolicy = { windowS: 0, spareAboveS: 0.8, keepS: 0.5, catchUpRate: PHONE_MAX_RATE };

/**
 * A phone's playback speed, looked at a few times a second. It watches the least it held over the
 * policy's window, and while that is more than the browser needs it holds voice later than it could
 * be, and plays faster until the least is down to the margin. Safari's window is a few seconds; a
 * plain stream on Chromium has none, as its blocks make the next few seconds unlike the last
 * (`blockFedPlayback`), nor has a page feeding its element from a worker, which holds only speech
 * already in hand (`workerFedPlayback`).
 */
export class PlaybackPacer {
  private seen: Array<{ at: number; aheadS: number }> = [];
  private rate = 1;

  constructor(private readonly p: PlaybackPolicy = defaultPlayback) {}

  /** `aheadS` seconds buffered ahead of the playhead at `atMs`: the speed to play at. */
  next(aheadS: number, atMs: number): number {
    this.seen.push({ at: atMs, aheadS });
    const from = atMs - this.p.windowS * 1000;
    // A window not yet full says nothing about the dips still to come.
    if (this.seen[0]!.at > from) return this.rate;
    while (this.seen.length > 1 && this.seen[1]!.at <= from) this.seen.shift();
    const least = Math.min(...this.seen.map((s) => s.aheadS));
    const catchingUp = least > this.p.spareAboveS || (this.rate > 1 && least > this.p.keepS);
    this.rate = catchingUp ? Math.round(Math.max(1, this.p.catchUpRate) * 100) / 100 : 1;
    return this.rate;
  }

  /** A new connection or a stall: what was seen before says nothing about what comes. */
  reset(): void {
    this.seen = [];
    this.rate = 1;
  }
}
