/**
 * When the voice's element waits for data, and setting it going again where Chromium would wait
 * longer than it needs (decision 039, 067). Chromium fed through Media Source, once it has run dry,
 * waits to hold more before it plays again, and more after each time (up to 3 s, measured in the
 * voice journey): a phone that ran dry between two pieces would hear every later word that much
 * later. Sent to where it stands, it plays at once, and nothing is skipped.
 */

/** Still waiting this long with this much in hand, the element is set going (the page's pace). */
export const STUCK_AFTER_MS = 300;
export const STUCK_HOLDING_S = 0.4;
/**
 * A waiting element given speech is looked at once it has been appended, and set going if it now
 * holds this much: at the live edge a shown page's element waits with none of the stream's silence
 * (decision 067), and the piece that came would wait for Chromium's threshold. At most one nudge
 * this often.
 */
const FED_LOOK_AFTER_MS = 40;
const FED_HOLDING_S = 0.1;
const FED_NUDGE_EVERY_MS = 100;

export class ElementWait {
  /** When the element began to wait for data (null while it plays). */
  since: number | null = null;
  /** It has played since its stream was opened: a wait before that is its start, not the live edge. */
  started = false;
  private nudgedAt: number | null = null;

  /**
   * `canNudge`: a stream plays and its element is fed through Chromium's Media Source (WebKit's
   * managed element plays on by itself, and its currentTime while it waits lags where it stands).
   */
  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly ahead: () => number,
    private readonly canNudge: () => boolean,
    onWaiting: () => void,
  ) {
    audio.addEventListener('waiting', () => {
      this.since ??= Date.now();
      onWaiting();
    });
    audio.addEventListener('playing', () => {
      this.started = true;
      this.since = null;
      this.nudgedAt = null;
    });
  }

  /** A new stream: not started, not waiting. */
  opened(): void {
    this.started = false;
    this.playFromStart();
  }

  /** The element is told to play afresh. */
  playFromStart(): void {
    this.since = null;
    this.nudgedAt = null;
  }

  /** Speech came for the element (silence is left to wait with: it would only stand before the next word). */
  speechCame(): void {
    if (this.since !== null) window.setTimeout(() => this.unstick(FED_NUDGE_EVERY_MS, FED_HOLDING_S), FED_LOOK_AFTER_MS);
  }

  /** Waiting and holding more than `holdingS`, `afterMs` after it began to wait or was last set going: it is set going. */
  unstick(afterMs = STUCK_AFTER_MS, holdingS = STUCK_HOLDING_S): void {
    const now = Date.now();
    const waitedSince = this.since === null ? null : Math.max(this.since, this.nudgedAt ?? 0);
    if (!this.canNudge() || waitedSince === null || now - waitedSince <= afterMs || this.ahead() <= holdingS) return;
    // The wait still counts from its start: an element this does not help is opened again.
    this.nudgedAt = now;
    const at = this.audio.currentTime;
    this.audio.currentTime = at;
  }
}
