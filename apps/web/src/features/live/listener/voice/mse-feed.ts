/**
 * Feeds the voice stream into a Media Source as its bytes come (decision 039), from a worker
 * (voice-feed.worker.ts) or from the page itself (Managed Media Source, decision 049). Appended
 * bytes are playable at once: no loader block to wait for.
 */
import { concatBytes } from './mp3-frames';
import { Mp4Remuxer, MP3_IN_MP4 } from './mp4-fragments';
import { QuietFinder, type QuietRange } from './quiet-points';
import type { SilenceBridge } from './silence-bridge';

/**
 * What the source buffer is given: the stream's MP3 as it is, or its frames in MP4 fragments where
 * Media Source takes MP3 only in that container (Firefox, decision 049).
 */
export type FeedContainer = 'mp3' | 'mp4';

/** What the player keeps behind the playhead: played audio is removed, or an hour would not fit. */
const KEEP_BEHIND_S = 30;
const TRIM_ABOVE_S = 60;
/** How often a bridged feed asks whether its element is about to run dry: a few of the stream's frames. */
const BRIDGE_EVERY_MS = 50;

export interface FeedEvents {
  /**
   * Bytes came (the stream is still filling), with the quiet ranges found in them (decision 046);
   * `bridged` when they are silence the feed appended itself (silence-bridge.ts), not the stream's;
   * `speech` when they carry more than silence (MP3 only: true otherwise).
   */
  onBytes(ranges: QuietRange[], bridged?: boolean, speech?: boolean): void;
  /** The stream cannot be fed: the page opens it again at the live edge. */
  onFailed(): void;
  /**
   * Whether the element, given `fedS` seconds of the stream so far, holds more than it needs: the
   * stream's silent frames are left out until it does not (decision 062). Only where its speed
   * cannot be changed unheard; MP3 only.
   */
  holdsTooMuch?(fedS: number): boolean;
}

/**
 * Reads `url` into `source` once it is open. A stream that simply ends ends the element's (the
 * sermon ended or the connection closed: the element plays what it holds, then says 'ended').
 * Given a `bridge` (MP3 only), silence is appended when the element would run dry while its page is
 * hidden, and as much of the stream's own silence left out after (silence-bridge.ts).
 */
export async function feedSource(source: MediaSource, url: string, events: FeedEvents, signal?: AbortSignal, container: FeedContainer = 'mp3', bridge?: SilenceBridge): Promise<void> {
  if (source.readyState !== 'open') await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  const buffer = source.addSourceBuffer(container === 'mp4' ? MP3_IN_MP4 : 'audio/mpeg');
  // MP3 carries no timestamps: each append follows the one before (the fragments' own times agree).
  buffer.mode = 'sequence';
  const remuxer = container === 'mp4' ? new Mp4Remuxer() : null;
  const appender = new Appender(buffer, events.onFailed);
  const response = await fetch(url, { cache: 'no-store', signal });
  if (!response.ok || !response.body) throw new Error(`voice stream answered ${response.status}`);
  const reader = response.body.getReader();
  const bridged = remuxer ? undefined : bridge;
  // Silent frames are left out for one of two reasons, never both: the page's element holds too
  // much (WebKit), or the worker owes silence it bridged with. With a bridge the frames kept are
  // whole ones, so silence can be appended between any two.
  const leaveOut = bridged ? (keptS: number, frameS: number, pauseS: number) => bridged.leavesOut(keptS, Date.now(), frameS, pauseS) : events.holdsTooMuch;
  const quiet = new QuietFinder(remuxer ? undefined : leaveOut);
  const bridging = bridged ? setInterval(() => {
    const frameS = quiet.silentFrameS;
    if (frameS === null) return;
    const { ranges, bytes } = quiet.silence(bridged.framesWanted(quiet.keptS, Date.now(), frameS));
    if (bytes.length === 0) return;
    appender.push(bytes);
    events.onBytes(ranges, true);
  }, BRIDGE_EVERY_MS) : undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const { ranges, kept, speech } = quiet.take(value);
      const bytes = remuxer ? remuxer.push(value) : (kept ?? value);
      if (bytes && bytes.length > 0) appender.push(bytes);
      events.onBytes(ranges, false, remuxer ? true : speech);
    }
  } finally {
    clearInterval(bridging);
  }
  await appender.idle();
  if (source.readyState === 'open') source.endOfStream();
}

/** Appends chunks one update at a time (a SourceBuffer takes one at a time), trimming played audio. */
class Appender {
  private pending: Uint8Array[] = [];
  private waiters: Array<() => void> = [];

  constructor(
    private readonly buffer: SourceBuffer,
    private readonly onFailed: () => void,
  ) {
    buffer.addEventListener('updateend', () => this.next());
  }

  push(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.next();
  }

  idle(): Promise<void> {
    if (!this.buffer.updating && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private next(): void {
    if (this.buffer.updating) return;
    const ranges = this.buffer.buffered;
    if (ranges.length > 0 && ranges.end(ranges.length - 1) - ranges.start(0) > TRIM_ABOVE_S) {
      this.buffer.remove(0, ranges.end(ranges.length - 1) - KEEP_BEHIND_S);
      return;
    }
    if (this.pending.length === 0) {
      for (const resolve of this.waiters.splice(0)) resolve();
      return;
    }
    // Everything that came while the last update ran, in one append.
    const joined = concatBytes(this.pending.splice(0));
    try {
      this.buffer.appendBuffer(joined);
    } catch {
      // The element failed or the buffer is full (Managed Media Source may also have evicted it).
      this.onFailed();
    }
  }
}
