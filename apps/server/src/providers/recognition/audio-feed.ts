import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import type { EngineRules } from './recognizer';

/** Bytes of PCM16 16 kHz mono in `ms` (whole samples). */
export const bytesOf = (ms: number): number => Math.round((ms * RECOGNITION_SAMPLE_RATE) / 1000) * 2;
export const msOf = (bytes: number): number => (bytes / 2 / RECOGNITION_SAMPLE_RATE) * 1000;
/** A replay is cut into chunks of this length where it is longer than the engine's longest chunk. */
const PREFERRED_MS = 100;

/**
 * Cuts audio into chunks an engine takes (decision 043): each between its shortest and longest,
 * on sample boundaries, in order. A page's 100 ms frames pass as they are; a piece shorter than
 * the shortest (a replay cut where the last final ended) waits for the next frame and goes with it;
 * longer audio (a replay) goes in 100 ms chunks, never leaving a rest under the shortest. Pure:
 * audio in, chunks out.
 */
export class Reframer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly min: number;
  private readonly max: number;
  private readonly preferred: number;

  constructor(minMs: number, maxMs: number) {
    this.min = Math.max(2, bytesOf(minMs));
    this.max = Math.max(this.min, bytesOf(maxMs));
    this.preferred = Math.min(this.max, Math.max(this.min, bytesOf(PREFERRED_MS)));
  }

  /** Audio waiting for more before it makes a chunk. */
  get waitingBytes(): number {
    return this.pendingBytes;
  }

  push(pcm: Buffer): Buffer[] {
    if (pcm.length === 0) return [];
    this.pending.push(pcm);
    this.pendingBytes += pcm.length;
    if (this.pendingBytes < this.min) return [];
    let all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const out: Buffer[] = [];
    while (all.length > this.max || (all.length > this.preferred && all.length >= this.preferred + this.min)) {
      out.push(all.subarray(0, this.preferred));
      all = all.subarray(this.preferred);
    }
    if (all.length >= this.min) {
      out.push(all);
      all = all.subarray(all.length);
    }
    this.pending = all.length > 0 ? [all] : [];
    this.pendingBytes = all.length;
    return out;
  }

  /** The end of the stream: what waits, padded with silence up to the shortest chunk (null if nothing). */
  flush(): Buffer | null {
    if (this.pendingBytes === 0) return null;
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    return rest.length >= this.min ? rest : Buffer.concat([rest, Buffer.alloc(this.min - rest.length)]);
  }
}

export interface FeedClock {
  now(): number;
  later(fn: () => void, ms: number): { cancel(): void };
}

export const realClock: FeedClock = {
  now: () => performance.now(),
  later: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return { cancel: () => clearTimeout(timer) };
  },
};

/**
 * The audio going to one engine's stream (decision 043): re-framed into its chunk sizes, and sent
 * no faster than its pace allows (a token bucket in ms of audio: `burstMs` at once, then `rate` ×
 * real time), so a replay after a failover catches up as fast as the engine lets it and no faster.
 * Live audio queues behind the replay, in order.
 */
export class AudioFeed {
  private readonly framer: Reframer;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private credit: number;
  private at: number;
  private timer: { cancel(): void } | null = null;
  private closed = false;
  private drainedWaiters: (() => void)[] = [];

  constructor(private readonly rules: Pick<EngineRules, 'minChunkMs' | 'maxChunkMs' | 'pace'>, private readonly send: (chunk: Buffer) => void, private readonly clock: FeedClock = realClock) {
    this.framer = new Reframer(rules.minChunkMs, rules.maxChunkMs);
    this.credit = rules.pace?.burstMs ?? 0;
    this.at = clock.now();
  }

  /** Milliseconds of audio not yet sent (queued behind the pace, or waiting for a whole chunk). */
  get behindMs(): number {
    return msOf(this.queuedBytes + this.framer.waitingBytes);
  }

  push(pcm: Buffer): void {
    if (this.closed) return;
    for (const chunk of this.framer.push(pcm)) this.enqueue(chunk);
    this.drain();
  }

  /** Sends what waits for a whole chunk (padded) and resolves once everything queued has gone. */
  flush(): Promise<void> {
    const rest = this.framer.flush();
    if (rest) this.enqueue(rest);
    this.drain();
    if (this.queue.length === 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.drainedWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.timer?.cancel();
    this.timer = null;
    this.queue.length = 0;
    this.queuedBytes = 0;
    for (const w of this.drainedWaiters.splice(0)) w();
  }

  private enqueue(chunk: Buffer): void {
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
  }

  private drain(): void {
    if (this.closed || this.timer) return;
    const { pace } = this.rules;
    if (pace) {
      const now = this.clock.now();
      this.credit = Math.min(pace.burstMs, this.credit + (now - this.at) * pace.rate);
      this.at = now;
    }
    while (this.queue.length > 0) {
      const ms = msOf(this.queue[0]!.length);
      if (pace && this.credit < ms) {
        this.timer = this.clock.later(() => {
          this.timer = null;
          this.drain();
        }, Math.max(1, (ms - this.credit) / pace.rate));
        return;
      }
      if (pace) this.credit -= ms;
      const chunk = this.queue.shift()!;
      this.queuedBytes -= chunk.length;
      this.send(chunk);
    }
    for (const w of this.drainedWaiters.splice(0)) w();
  }
}
