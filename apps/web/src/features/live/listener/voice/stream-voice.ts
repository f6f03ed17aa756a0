import { isChromiumEngine, PlaybackPacer, playbackPolicyFor, workerFedPlayback } from '@app/shared';
import { QuietRanges, type QuietRange } from './quiet-points';

/** How often the playback speed is looked at (only while scripts run: a locked phone keeps the last). */
const PACE_EVERY_MS = 250;
/** Waiting this long for data (a stall) means the stream is broken: it is opened again at the live edge. */
const STALL_MS = 4000;
/** Coming back to the page with more than this buffered: start again at the live edge. */
const STALE_AHEAD_S = 3;
/**
 * Chromium fed through Media Source, once it has run dry, waits to hold more before it plays again,
 * and more after each time (up to 3 s, measured in the voice journey): a phone that ran dry between
 * two pieces would hear every later word that much later. Still waiting this long with this much
 * in hand, the element is sent to where it stands, which makes it play at once (decision 039).
 */
const STUCK_AFTER_MS = 300;
const STUCK_HOLDING_S = 0.4;
/** A speed change lands in a quiet range only with this much of it left (timers are not exact). */
const QUIET_MARGIN_S = 0.02;

/**
 * Chromium's engine with Media Source Extensions in a worker (Chrome 108 and later): the page feeds
 * the element itself, past the loader's 32 KB blocks. Safari keeps the plain stream: a locked
 * iPhone plays an element fed by the network, and its loader has no blocks.
 */
function feedsInWorker(): boolean {
  return isChromiumEngine(navigator.userAgent)
    && typeof Worker !== 'undefined'
    && typeof MediaSource !== 'undefined'
    && MediaSource.canConstructInDedicatedWorker === true
    && MediaSource.isTypeSupported('audio/mpeg');
}

export interface StreamVoiceEvents {
  /** The browser refused to play without a tap. */
  onBlocked(): void;
  /** The phone's own speed changed (1 when not catching up). */
  onRate(rate: number): void;
}

/**
 * The server's voice on a phone (decision 039): one continuous MP3 stream of the language in ONE
 * audio element. An iPhone whose screen is locked keeps an element that is already playing going
 * but runs no script, so nothing here needs to run between pieces: the server puts them one after
 * another. On Chromium a worker feeds the element (voice-feed.worker.ts), and goes on while the
 * page's scripts are frozen. The page's script only tunes the speed (a start-up backlog is played
 * away a little faster, with the pitch kept) and opens the stream again at the live edge after a
 * pause, a stall or the network coming back, so a phone never replays a backlog.
 */
export class StreamVoice {
  private url: string | null = null;
  private paced: number | null = null;
  private stalledSince: number | null = null;
  /** When a stalled element holding enough was last set going (Chromium through Media Source). */
  private nudgedAt: number | null = null;
  private readonly inWorker = feedsInWorker();
  private feeder: Worker | null = null;
  private reopening = false;
  private readonly pacer = new PlaybackPacer(this.inWorker ? workerFedPlayback : playbackPolicyFor(navigator.userAgent));
  /** Where the worker-fed element may change its speed unheard (decision 046). */
  private readonly quiet = new QuietRanges();
  private rateTimer: number | null = null;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly events: StreamVoiceEvents,
  ) {
    audio.preload = 'none';
    audio.preservesPitch = true;
    audio.addEventListener('waiting', () => {
      this.stalledSince ??= Date.now();
      this.pacer.reset();
    });
    audio.addEventListener('playing', () => {
      this.stalledSince = null;
      this.nudgedAt = null;
    });
    // The stream ends only with the sermon or a broken connection: either way, try the live edge
    // once more (an ended sermon answers 404 and the element simply stops).
    audio.addEventListener('error', () => this.reopenSoon());
    audio.addEventListener('ended', () => this.reopenSoon());
  }

  /** Starts (or switches) the stream; call from a tap where possible (iOS). */
  play(url: string): void {
    // Already this stream: a second call (the tap, then the screen catching up) must not restart it.
    if (this.url === url && (this.feeder || this.audio.getAttribute('src'))) return;
    this.url = url;
    this.open();
    this.paced ??= window.setInterval(() => this.pace(), PACE_EVERY_MS);
  }

  /** Back at the live edge: after a pause, the network coming back or a return to the page. */
  resume(): void {
    if (this.url) this.open();
  }

  /** The phone came back to the page: reopen if it holds a stale backlog. */
  refreshIfStale(): void {
    if (this.url && this.ahead() > STALE_AHEAD_S) this.open();
  }

  pause(): void {
    this.audio.pause();
  }

  get isPlaying(): boolean {
    return this.url !== null && !this.audio.paused;
  }

  stop(): void {
    this.url = null;
    if (this.paced !== null) window.clearInterval(this.paced);
    this.paced = null;
    this.audio.pause();
    this.endFeed();
    this.audio.removeAttribute('src');
    this.audio.load();
  }

  private open(): void {
    if (!this.url) return;
    this.endFeed();
    // A fresh query: the browser must not reuse what it buffered of an earlier connection.
    const url = `${this.url}?s=${Math.random().toString(36).slice(2, 10)}`;
    if (!this.inWorker) {
      this.audio.src = url;
      this.start();
      return;
    }
    const feeder = new Worker(new URL('./voice-feed.worker.ts', import.meta.url), { type: 'module' });
    this.feeder = feeder;
    type FeedMessage = { type: 'handle'; handle: MediaSourceHandle } | { type: 'quiet'; ranges: QuietRange[] } | { type: 'ended' };
    feeder.onmessage = (event: MessageEvent<FeedMessage>) => {
      if (this.feeder !== feeder) return;
      if (event.data.type === 'quiet') {
        this.quiet.add(event.data.ranges);
        return;
      }
      if (event.data.type === 'ended') {
        this.reopenSoon();
        return;
      }
      this.audio.srcObject = event.data.handle as unknown as MediaProvider;
      this.start();
    };
    // No priming silence: appended bytes play as they come (decision 039).
    feeder.postMessage({ url: `${url}&prime=0` });
  }

  private start(): void {
    // A new source resets the speed to the default one: set both (SPEECH-AND-TRANSLATION.md).
    this.audio.defaultPlaybackRate = 1;
    this.audio.playbackRate = 1;
    this.pacer.reset();
    this.stalledSince = null;
    this.nudgedAt = null;
    this.audio.play().catch((err: unknown) => {
      if (err instanceof DOMException && err.name === 'NotAllowedError') this.events.onBlocked();
    });
  }

  private endFeed(): void {
    this.feeder?.terminate();
    this.feeder = null;
    // A new feed's timeline starts again from 0.
    this.quiet.clear();
    this.cancelRateChange();
    if (this.audio.srcObject) this.audio.srcObject = null;
  }

  private reopenSoon(): void {
    if (!this.url || this.reopening) return;
    const url = this.url;
    this.reopening = true;
    window.setTimeout(() => {
      this.reopening = false;
      if (this.url === url) this.open();
    }, 1000);
  }

  private ahead(): number {
    const b = this.audio.buffered;
    return b.length > 0 ? b.end(b.length - 1) - this.audio.currentTime : 0;
  }

  private pace(): void {
    if (!this.url || this.audio.paused) return;
    if (this.stalledSince !== null && Date.now() - this.stalledSince > STALL_MS) {
      this.open();
      return;
    }
    const waitedSince = this.stalledSince === null ? null : Math.max(this.stalledSince, this.nudgedAt ?? 0);
    if (this.inWorker && waitedSince !== null && Date.now() - waitedSince > STUCK_AFTER_MS && this.ahead() > STUCK_HOLDING_S) {
      // The stall still counts from its start: an element this does not help is opened again.
      this.nudgedAt = Date.now();
      // Where it stands: nothing is skipped.
      const at = this.audio.currentTime;
      this.audio.currentTime = at;
    }
    this.changeRate(this.pacer.next(this.ahead(), Date.now()));
  }

  /**
   * A plain stream changes speed at once. A worker-fed element changes it only where the stream is
   * quiet (decision 046): now if the playhead is in a quiet range, else at the start of the next
   * one if it comes before the next look, else it is asked again then.
   */
  private changeRate(rate: number): void {
    this.cancelRateChange();
    if (rate === this.audio.playbackRate) return;
    if (!this.inWorker) {
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
      if (this.url && at >= next.from - QUIET_MARGIN_S && at < next.to) this.setRate(rate);
    }, waitMs);
  }

  private setRate(rate: number): void {
    this.audio.playbackRate = rate;
    this.audio.defaultPlaybackRate = rate;
    this.events.onRate(rate);
  }

  private cancelRateChange(): void {
    if (this.rateTimer !== null) window.clearTimeout(this.rateTimer);
    this.rateTimer = null;
  }
}
