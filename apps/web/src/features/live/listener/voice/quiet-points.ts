import { isMarked } from '@app/shared';
import { concatBytes, FrameReader } from './mp3-frames';

/**
 * Where in the voice stream a phone may change its speed without being heard to (decision 046).
 * Chromium drops about 20 ms of sound when an element's playbackRate changes with the pitch kept:
 * in the middle of a word a listener hears a click, the word cut in two. Between pieces there is
 * nothing to cut: in the stream's silence (its smallest frames, decision 045), and just before a
 * piece's first frame, which the server marks, where the piece before has finished its last word.
 *
 * Times are seconds of the element's media timeline: appended in sequence from 0, a frame after
 * the other, 24 ms each.
 */
export interface QuietRange {
  from: number;
  to: number;
}

/** Before a marked frame, this much of the piece before is its trailing quiet (the end of its last word's sound). */
export const BEFORE_PIECE_S = 0.06;
/** A silent frame: the format's smallest (8 kbit/s), which carries no audio data. */
const SILENT_KBPS = 8;

/**
 * Reads the stream's frames as they come (chunks cut anywhere) and tells the quiet ranges in each.
 * Given `leaveOut` (asked with the seconds kept so far), a silent frame it answers true for is left
 * out of what is kept, and the ranges are told on the timeline of the frames kept: a page that
 * cannot change its element's speed unheard catches up in the stream's silences instead (WebKit,
 * decision 062).
 */
export class QuietFinder {
  private readonly frames = new FrameReader();
  private at = 0;
  /** One of the stream's silent frames, copied: what a hidden page's element is bridged with (silence-bridge.ts). */
  private silent: { bytes: Uint8Array; seconds: number } | null = null;

  /** Seconds of the stream's silence since its last sound, left out or not. */
  private pause = 0;

  constructor(private readonly leaveOut?: (keptS: number, frameS: number, pauseS: number) => boolean) {}

  /** Seconds kept so far: where the element's timeline ends. */
  get keptS(): number {
    return this.at;
  }

  /** The seconds of one silent frame, once the stream has sent one. */
  get silentFrameS(): number | null {
    return this.silent?.seconds ?? null;
  }

  /**
   * `count` copies of the stream's silent frame, to append after what was kept (only with
   * `leaveOut`: the kept frames are whole), and the quiet range they make.
   */
  silence(count: number): { ranges: QuietRange[]; bytes: Uint8Array } {
    if (!this.silent || count <= 0) return { ranges: [], bytes: new Uint8Array(0) };
    const from = this.at;
    this.at += count * this.silent.seconds;
    return { ranges: [{ from, to: this.at }], bytes: concatBytes(Array.from({ length: count }, () => this.silent!.bytes)) };
  }

  push(chunk: Uint8Array): QuietRange[] {
    return this.take(chunk).ranges;
  }

  /** The quiet ranges in `chunk`, the whole frames kept of it (only with `leaveOut`: null otherwise), and whether it holds speech. */
  take(chunk: Uint8Array): { ranges: QuietRange[]; kept: Uint8Array | null; speech: boolean } {
    const ranges: QuietRange[] = [];
    const kept: Uint8Array[] = [];
    let speech = false;
    for (const { header, bytes } of this.frames.push(chunk)) {
      const seconds = header.samples / header.sampleRate;
      const silent = header.kbps <= SILENT_KBPS;
      if (silent) this.silent ??= { bytes: bytes.slice(), seconds };
      const pauseS = this.pause;
      this.pause = silent ? this.pause + seconds : 0;
      if (silent && this.leaveOut?.(this.at, seconds, pauseS)) continue;
      if (this.leaveOut) kept.push(bytes);
      speech ||= !silent;
      if (silent) add(ranges, { from: this.at, to: this.at + seconds });
      else if (isMarked(bytes, 0)) add(ranges, { from: Math.max(0, this.at - BEFORE_PIECE_S), to: this.at });
      this.at += seconds;
    }
    return { ranges, kept: this.leaveOut ? concatBytes(kept) : null, speech };
  }
}

/** The quiet ranges still ahead of the playhead, in order. */
export class QuietRanges {
  private ranges: QuietRange[] = [];

  add(more: QuietRange[]): void {
    for (const r of more) add(this.ranges, r);
  }

  clear(): void {
    this.ranges = [];
  }

  /** The first range that has at least `marginS` left after `now` (forgetting those behind it). */
  next(now: number, marginS: number): QuietRange | null {
    while (this.ranges.length > 0 && this.ranges[0]!.to <= now + marginS) this.ranges.shift();
    return this.ranges[0] ?? null;
  }
}

/** Appends a range, joining it to the last when they touch. */
function add(ranges: QuietRange[], r: QuietRange): void {
  const last = ranges.at(-1);
  if (last && r.from <= last.to + 1e-6) last.to = Math.max(last.to, r.to);
  else ranges.push({ ...r });
}

