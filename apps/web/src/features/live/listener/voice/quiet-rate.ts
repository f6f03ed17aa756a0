// Changing the voice's speed unheard (decision 046): at once on a plain stream, where the stream is quiet when fed through Media Source.
import { QuietRanges, type QuietRange } from './quiet-points';

/** How often the playback speed is looked at (only while scripts run: a locked phone keeps the last). */
export const PACE_EVERY_MS = 250;
/** A speed change lands in a quiet range only with this much of it left (timers are not exact). */
const QUIET_MARGIN_S = 0.02;

export class QuietRateChanger {
  /** Where the worker-fed element may change its speed unheard (decision 046). */
  private readonly quiet = new QuietRanges();
  private rateTimer: number | null = null;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly onRate: (rate: number) => void,
    /** Whether a stream is still playing when a change that waited comes due. */
    private readonly isOpen: () => boolean,
  ) {}

  /** Quiet ranges found in bytes that just came. */
  add(ranges: QuietRange[]): void {
    this.quiet.add(ranges);
  }

  /** Whether the playhead is in a quiet range: the stream's silence, not words. */
  quietAt(now: number): boolean {
    const next = this.quiet.next(now, 0);
    return next !== null && next.from <= now;
  }

  /** A new feed's timeline starts again from 0: its quiet ranges and a waiting change are forgotten. */
  clear(): void {
    this.quiet.clear();
    this.cancelRateChange();
  }

  /**
   * A plain stream changes speed at once. A worker-fed element changes it only where the stream is
   * quiet (decision 046): now if the playhead is in a quiet range, else at the start of the next
   * one if it comes before the next look, else it is asked again then.
   */
  change(rate: number, fedByPage: boolean): void {
    this.cancelRateChange();
    if (rate === this.audio.playbackRate) return;
    if (!fedByPage) {
      this.setRate(rate);
      return;
    }
    const now = this.audio.currentTime;
    const next = this.quiet.next(now, QUIET_MARGIN_S);
    if (!next) return;
    if (next.from <= now) {
      this.setRate(rate);
      return;
    }
    const waitMs = ((next.from - now) / this.audio.playbackRate) * 1000;
    if (waitMs > PACE_EVERY_MS) return;
    this.rateTimer = window.setTimeout(() => {
      this.rateTimer = null;
      const at = this.audio.currentTime;
      if (this.isOpen() && at >= next.from - QUIET_MARGIN_S && at < next.to) this.setRate(rate);
    }, waitMs);
  }

  /** Back to normal speed now, quiet or not, and no change left waiting (a page being hidden). */
  normalNow(): void {
    this.cancelRateChange();
    if (this.audio.playbackRate !== 1) this.setRate(1);
  }

  private setRate(rate: number): void {
    this.audio.playbackRate = rate;
    this.audio.defaultPlaybackRate = rate;
    this.onRate(rate);
  }

  private cancelRateChange(): void {
    if (this.rateTimer !== null) window.clearTimeout(this.rateTimer);
    this.rateTimer = null;
  }
}
