import { defaultPlayback, PlaybackPacer, workerFedPlayback } from '@app/shared';
import { DecodedVoice } from './decoded-voice';
import { ElementWait } from './element-wait';
import { feedOnPage } from './page-feed';
import type { QuietRange } from './quiet-points';
import { PACE_EVERY_MS, QuietRateChanger } from './quiet-rate';
import { browserVoicePath, type VoicePath } from './voice-path';
import type { FeedIn, FeedOut } from './voice-feed.worker';

/**
 * Waiting this long for data with no byte come in that time (a stall) means the stream is broken:
 * it is opened again at the live edge. A stream still filling is never reopened: a browser that
 * needs more before it plays would never get it (decision 049).
 */
const STALL_MS = 4000;
/**
 * Coming back to the page with more than this buffered: start again at the live edge. The server
 * writes a placed piece at once (decision 045), so a line's whole voice may lie ahead of the player
 * when the page is shown again; 3 s dropped the end of such a line (two words of a sentence in the
 * Firefox journey). A backlog of an element the phone paused grows past any one line's voice.
 */
const STALE_AHEAD_S = 10;
/**
 * WebKit's managed element (decision 062) is never given another speed: WebKitGTK skipped words at
 * speed changes (up to 60% of a journey's). Fed more than this ahead of where it plays, the stream's
 * silent frames are left out instead, so it plays its way to the live edge in the pauses. Counted
 * from what was fed, not `buffered`: WebKitGTK reports nothing buffered while it starts, and the
 * silence it would start behind was kept.
 */
const MANAGED_KEEP_S = 0.5;

/** Words played this recently still count as the voice sounding (the gaps between a line's words). */
const WORDS_BRIDGE_MS = 1000;

export interface StreamVoiceEvents {
  /** The browser refused to play without a tap. */
  onBlocked(): void;
  /** The phone's own speed changed (1 when not catching up). */
  onRate(rate: number): void;
  /** The voice began or stopped being heard (a notice about it shows only while it is). */
  onSounding?(sounding: boolean): void;
}

/**
 * The server's voice on a phone (decision 039): one continuous MP3 stream of the language in ONE
 * audio element. An iPhone whose screen is locked keeps an element that is already playing going
 * but runs no script, so nothing here needs to run between pieces: the server puts them one after
 * another. On Chromium a worker feeds the element (voice-feed.worker.ts), and goes on while the
 * page's scripts are frozen; elsewhere the page feeds it (voice-path.ts, decision 049). The page's script only tunes the speed (a start-up backlog is played
 * away a little faster, with the pitch kept) and opens the stream again at the live edge after a
 * pause, a stall or the network coming back, so a phone never replays a backlog.
 */
export class StreamVoice {
  private url: string | null = null;
  private paced: number | null = null;
  /** When the stream last brought bytes: one still filling is never opened again. */
  private bytesAt = 0;
  private sounding = false;
  /** When words (not the stream's silence) last played, on a path that knows its quiet ranges. */
  private wordsAt = 0;
  private path: VoicePath = browserVoicePath();
  private feeder: Worker | null = null;
  /** Ends the page's own feed (Media Source on the page). */
  private unfeed: (() => void) | null = null;
  private decoded: DecodedVoice | null = null;
  private reopening = false;
  /**
   * The pace follows the path, never the browser's name: a page feeding Media Source holds only
   * speech in hand; the plain stream is chosen only where there is no Media Source at all (never
   * Chromium, whose loader fed in blocks), so it keeps Safari's window (decision 049).
   */
  private readonly pacer = new PlaybackPacer(this.path === 'plain' ? defaultPlayback : workerFedPlayback);
  /** Speed changes, unheard where the element is fed through Media Source (decision 046). */
  private readonly rates: QuietRateChanger;
  private readonly wait: ElementWait;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly events: StreamVoiceEvents,
  ) {
    this.rates = new QuietRateChanger(audio, (rate) => this.events.onRate(rate), () => Boolean(this.url));
    audio.preload = 'none';
    audio.preservesPitch = true;
    this.wait = new ElementWait(audio, () => this.ahead(), () => Boolean(this.url) && this.nudges, () => this.pacer.reset());
    // A plain stream's loader says so as bytes come.
    audio.addEventListener('progress', () => this.filled([]));
    // The stream ends only with the sermon or a broken connection: either way, try the live edge
    // once more (an ended sermon answers 404 and the element simply stops).
    audio.addEventListener('error', () => this.reopenSoon());
    audio.addEventListener('ended', () => this.reopenSoon());
  }

  /** Starts (or switches) the stream; call from a tap where possible (iOS). */
  play(url: string): void {
    // Already this stream: a second call (the tap, then the screen catching up) must not restart it.
    if (this.url === url && (this.feeder || this.audio.getAttribute('src') || this.audio.srcObject)) {
      // A context made before the tap starts suspended: the tap lets it sound.
      this.decoded?.resume();
      return;
    }
    this.url = url;
    this.open();
    this.paced ??= window.setInterval(() => this.pace(), PACE_EVERY_MS);
  }

  /** Back at the live edge: after a pause, the network coming back or a return to the page. */
  resume(): void {
    if (this.url) this.open();
  }

  /** The phone came back to the page: reopen if it holds a stale backlog. */
  private refreshIfStale(): void {
    if (this.url && this.ahead() > STALE_AHEAD_S) this.open();
  }

  pause(): void {
    this.audio.pause();
  }

  /**
   * The page was hidden (a locked screen, another app in front): its scripts may stop at any moment,
   * and a speed above normal would outlast its backlog, play into the live edge and stall with no
   * script to set it going. Normal speed at once, even in a word; a page whose scripts go on running
   * paces as before (decision 064).
   */
  hidden(): void {
    this.pacer.reset();
    this.rates.normalNow();
    this.tellPlayhead();
  }

  /** The page is shown again: a backlog is played away, or the stream opened again at the live edge. */
  shown(): void {
    this.tellPlayhead();
    this.refreshIfStale();
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
    this.setSounding(false);
  }

  private open(): void {
    if (!this.url) return;
    this.endFeed();
    this.wait.opened();
    this.bytesAt = Date.now();
    // A fresh query: the browser must not reuse what it buffered of an earlier connection.
    const url = `${this.url}?s=${Math.random().toString(36).slice(2, 10)}`;
    // A page that feeds its element itself needs no priming silence: appended bytes play as they come (decision 039).
    const fed = `${url}&prime=0`;
    const feed = { onBytes: (ranges: QuietRange[], bridged?: boolean, speech?: boolean) => this.filled(ranges, bridged, speech), onFailed: () => this.reopenSoon() };
    if (this.path === 'plain') {
      this.audio.src = url;
    } else if (this.path === 'managed' || this.path === 'page' || this.path === 'remuxed') {
      const managed = this.path === 'managed';
      const events = managed ? { ...feed, holdsTooMuch: (fedS: number) => fedS - this.audio.currentTime > MANAGED_KEEP_S } : feed;
      this.unfeed = feedOnPage(this.audio, managed, fed, events, this.path === 'remuxed' ? 'mp4' : 'mp3');
    } else if (this.path === 'decoded') {
      this.decoded ??= new DecodedVoice(this.audio, {
        onBytes: () => this.filled([]),
        onFailed: feed.onFailed,
        // WebCodecs without MP3: the element loads the stream itself from now on.
        onRefused: () => {
          this.path = 'plain';
          this.open();
        },
      });
      this.decoded.open(fed);
    } else {
      this.openInWorker(fed);
      return;
    }
    this.start();
  }

  private openInWorker(url: string): void {
    const feeder = new Worker(new URL('./voice-feed.worker.ts', import.meta.url), { type: 'module' });
    this.feeder = feeder;
    feeder.onmessage = (event: MessageEvent<FeedOut>) => {
      if (this.feeder !== feeder) return;
      if (event.data.type === 'bytes') {
        this.filled(event.data.ranges, event.data.bridged, event.data.speech);
        return;
      }
      if (event.data.type === 'ended') {
        this.reopenSoon();
        return;
      }
      this.audio.srcObject = event.data.handle as unknown as MediaProvider;
      this.start();
    };
    feeder.postMessage({ type: 'open', url } satisfies FeedIn);
  }

  /**
   * Tells the worker where the element plays, and how fast. Hidden, it keeps the element from
   * running dry if the page's scripts stop (decision 065), told only while it plays: a stalled
   * element's place says nothing of where it will be. Shown, it leaves out the stream's silence the
   * live edge does not need (decision 067); a waiting element stands still there.
   */
  private tellPlayhead(): void {
    if (!this.feeder) return;
    const hidden = document.visibilityState === 'hidden';
    const waiting = this.audio.paused || this.wait.since !== null || this.audio.readyState < 3;
    if ((hidden && waiting) || !this.wait.started) return;
    const playhead = { atS: this.audio.currentTime, rate: waiting ? 0 : this.audio.playbackRate, when: Date.now() };
    this.feeder.postMessage((hidden ? { type: 'hidden', playhead } : { type: 'shown', playhead }) satisfies FeedIn);
  }

  /** Bytes came, with the quiet ranges found in them (Media Source only); silence the worker bridged with is not the stream's. */
  private filled(ranges: QuietRange[], bridged = false, speech = true): void {
    if (!bridged) this.bytesAt = Date.now();
    if (ranges.length > 0) this.rates.add(ranges);
    if (speech) this.wait.speechCame();
  }

  private start(): void {
    // A new source resets the speed to the default one: set both (SPEECH-AND-TRANSLATION.md).
    this.audio.defaultPlaybackRate = 1;
    this.audio.playbackRate = 1;
    this.pacer.reset();
    this.wait.playFromStart();
    this.audio.play().catch((err: unknown) => {
      if (err instanceof DOMException && err.name === 'NotAllowedError') this.events.onBlocked();
    });
  }

  private endFeed(): void {
    this.feeder?.terminate();
    this.feeder = null;
    this.unfeed?.();
    this.unfeed = null;
    this.decoded?.close();
    // A new feed's timeline starts again from 0.
    this.rates.clear();
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
    if (this.path === 'decoded') return this.decoded?.ahead() ?? 0;
    const b = this.audio.buffered;
    return b.length > 0 ? b.end(b.length - 1) - this.audio.currentTime : 0;
  }

  private pace(): void {
    if (!this.url || this.audio.paused) {
      this.setSounding(false);
      return;
    }
    const now = Date.now();
    const starved = now - this.bytesAt > STALL_MS;
    // The page's own decoder has no stall to say: no bytes for that long is one.
    if (starved && (this.path === 'decoded' || (this.wait.since !== null && now - this.wait.since > STALL_MS))) {
      this.open();
      return;
    }
    this.setSounding(this.path === 'decoded' ? (this.decoded?.sounding ?? false) : this.playingWords(now));
    // Web Audio cannot keep the pitch at another speed, nor can WebKit's managed element change it
    // unheard: both leave out silence instead.
    if (this.path === 'decoded' || this.path === 'managed') return;
    this.wait.unstick();
    this.rates.change(this.pacer.next(this.ahead(), now), this.fedByPage);
    this.tellPlayhead();
  }

  /**
   * The element plays, and (fed through Media Source, where the stream's quiet ranges are known)
   * has played words in the last second: a backlog of silence after the last line is not a voice
   * catching up (decision 049). The second bridges the pauses between a line's words.
   */
  private playingWords(now: number): boolean {
    const playing = this.wait.since === null && this.audio.readyState >= 3;
    if (!playing || !this.fedByPage) return playing;
    if (!this.rates.quietAt(this.audio.currentTime)) this.wordsAt = now;
    return now - this.wordsAt < WORDS_BRIDGE_MS;
  }

  /**
   * Chromium's Media Source only (worker or page): WebKit's Managed Media Source plays on by itself
   * once bytes come, and there the element's currentTime while it waits lags where it stands, so
   * sending it there replays what was heard (measured in WebKitGTK: 0.5–1.6 s back), and the
   * replayed backlog is played away faster, with the notice of catching up (decision 049).
   */
  private get nudges(): boolean {
    return this.path === 'worker' || this.path === 'page';
  }

  /** The element is fed through Media Source (in a worker or by the page), not by its loader. */
  private get fedByPage(): boolean {
    return this.path === 'worker' || this.path === 'managed' || this.path === 'page' || this.path === 'remuxed';
  }

  private setSounding(sounding: boolean): void {
    if (sounding === this.sounding) return;
    this.sounding = sounding;
    this.events.onSounding?.(sounding);
  }
}
