import type { ServerResponse } from 'node:http';
import { marked } from '@app/shared';
import { audioFrames, FRAME_MS, silentFrame } from '../../lib/audio/mp3-frames';

/**
 * The listeners' voice as one continuous MP3 stream per sermon, language and voice, on every
 * process that has a listener of it (decision 039). A phone plays it in one <audio> element: a
 * locked iPhone keeps an element that is already playing going, but runs no script to start the
 * next clip, so the server, not the phone, puts one piece after the other.
 *
 * Time is cut into frame slots of 24 ms counted from the epoch, the same on every process; a piece
 * placed by the speaker's process (voice-pacing.ts) starts at a slot, and each connection is
 * written, slot by slot, up to `aheadMs` past now: the piece's frames where it plays, silence
 * elsewhere, so the element never runs dry and never holds more than a moment of silence.
 */

export interface VoiceStreamOptions {
  /** How far ahead of now each connection is written. */
  aheadMs: number;
  /** How often connections are written. */
  tickMs: number;
  /** Silence sent at once to a new plain-stream connection, for the element to start on (decision
   * 039). In the smallest frames it is 1.7 KB (decision 045): a link of 64 kbit/s takes it at once. */
  primingFrames: number;
  /** A connection holding more unsent bytes than this is not being read: it is closed. */
  maxBufferedBytes: number;
}

export const defaultStreamOptions: VoiceStreamOptions = { aheadMs: 300, tickMs: 40, primingFrames: 70, maxBufferedBytes: 1024 * 1024 };

interface Placed {
  startSlot: number;
  frames: Buffer[];
}

interface Connection {
  res: ServerResponse;
  nextSlot: number;
}

interface Channel {
  pieces: Placed[];
  connections: Set<Connection>;
}

/** Where each voice's timeline ends, so a speaker moving to another process goes on after it. */
const ENDS_KEPT = 500;

const SILENCE = silentFrame();

/** The bytes of the priming silence a plain stream opens with. */
export const primingBytes = (options: VoiceStreamOptions = defaultStreamOptions) => options.primingFrames * SILENCE.length;

export const slotAt = (ms: number) => Math.floor(ms / FRAME_MS);

export class VoiceStreams {
  private readonly channels = new Map<string, Channel>();
  private readonly ends = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly options: VoiceStreamOptions = defaultStreamOptions,
  ) {}

  /**
   * Starts streaming to `res` (headers already sent) until the sermon ends or the phone goes.
   * `primed` false leaves the priming silence out: a page that feeds the element itself (Media
   * Source Extensions) plays from the first frame it appends, and would only hold it as delay.
   */
  attach(sermonId: string, language: string, voice: string, res: ServerResponse, primed = true): void {
    const channel = this.channel(key(sermonId, language, voice), true)!;
    const connection: Connection = { res, nextSlot: slotAt(this.now()) };
    if (primed) res.write(Buffer.concat(Array.from({ length: this.options.primingFrames }, () => SILENCE)));
    channel.connections.add(connection);
    res.on('close', () => {
      channel.connections.delete(connection);
      if (channel.connections.size === 0) this.channels.delete(key(sermonId, language, voice));
    });
    this.write(channel, connection, this.now());
    this.timer ??= setInterval(() => this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  /** A piece placed on the timeline, from this process or another: written where it starts. */
  add(sermonId: string, language: string, voice: string, startAt: number, mp3: Buffer): void {
    const k = key(sermonId, language, voice);
    const frames = audioFrames(mp3);
    // Its first frame says a piece begins there: a phone changes its speed only there or in silence
    // (decision 046), never in the middle of a word.
    if (frames.length > 0) frames[0] = Buffer.from(marked(frames[0]!));
    this.ends.delete(k);
    this.ends.set(k, Math.max(this.ends.get(k) ?? 0, startAt + frames.length * FRAME_MS));
    if (this.ends.size > ENDS_KEPT) this.ends.delete(this.ends.keys().next().value!);
    const channel = this.channel(k, false);
    if (!channel) return;
    channel.pieces.push({ startSlot: slotAt(startAt), frames });
    channel.pieces.sort((a, b) => a.startSlot - b.startSlot);
  }

  /** Where the voice's timeline ends as far as this process has heard (0: nothing placed). */
  endAt(sermonId: string, language: string, voice: string): number {
    return this.ends.get(key(sermonId, language, voice)) ?? 0;
  }

  /** Phones listening on this process, per channel (for tests and metrics). */
  listeners(sermonId: string, language: string, voice: string): number {
    return this.channels.get(key(sermonId, language, voice))?.connections.size ?? 0;
  }

  /** The sermon ended: every stream of it ends. */
  end(sermonId: string): void {
    for (const [k, channel] of this.channels) {
      if (!k.startsWith(`${sermonId} `)) continue;
      for (const c of channel.connections) c.res.end();
      this.channels.delete(k);
    }
  }

  close(): void {
    for (const channel of this.channels.values()) for (const c of channel.connections) c.res.end();
    this.channels.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private channel(k: string, create: boolean): Channel | undefined {
    let channel = this.channels.get(k);
    if (!channel && create) {
      channel = { pieces: [], connections: new Set() };
      this.channels.set(k, channel);
    }
    return channel;
  }

  private tick(): void {
    const now = this.now();
    for (const channel of this.channels.values()) {
      // Phones of one channel are nearly always at the same slot: their bytes are made once.
      const made = new Map<number, Buffer>();
      for (const c of channel.connections) this.write(channel, c, now, made);
      // Pieces every connection has passed are done with.
      const oldest = Math.min(...[...channel.connections].map((c) => c.nextSlot));
      channel.pieces = channel.pieces.filter((p) => p.startSlot + p.frames.length > oldest);
    }
    if (this.channels.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private write(channel: Channel, c: Connection, now: number, made = new Map<number, Buffer>()): void {
    if (c.res.writableLength > this.options.maxBufferedBytes) {
      c.res.destroy();
      return;
    }
    // Silence is written as time passes; placed pieces as soon as they are placed, so the block a
    // word is in fills sooner (the phone still plays each at its slot: slots are contiguous).
    const placedEnd = channel.pieces.reduce((end, p) => Math.max(end, p.startSlot + p.frames.length), 0);
    const until = Math.max(slotAt(now + this.options.aheadMs), placedEnd);
    if (c.nextSlot >= until) return;
    let bytes = made.get(c.nextSlot);
    if (!bytes) {
      const out: Buffer[] = [];
      for (let slot = c.nextSlot; slot < until; slot++) out.push(frameAt(channel.pieces, slot) ?? SILENCE);
      bytes = Buffer.concat(out);
      made.set(c.nextSlot, bytes);
    }
    c.nextSlot = until;
    c.res.write(bytes);
  }
}

function frameAt(pieces: Placed[], slot: number): Buffer | undefined {
  for (const p of pieces) {
    if (slot < p.startSlot) return undefined;
    if (slot < p.startSlot + p.frames.length) return p.frames[slot - p.startSlot];
  }
  return undefined;
}

const key = (sermonId: string, language: string, voice: string) => `${sermonId} ${language} ${voice}`;
