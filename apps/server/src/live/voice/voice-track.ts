import { commit, defaultPacing, emptyTimeline, place, type PacingOptions, type Timeline } from './voice-pacing';
import { naturalVoice, streamFrames } from './voice-audio';
import { STREAM_SAMPLE_RATE } from './mp3-frames';

/** A piece on its way to the voice: its text's settling time and its synthesis in progress. */
export interface PendingPiece {
  settledAt: number;
  /** The engine's audio, or null when synthesis failed. */
  audio: Promise<Buffer | null>;
  characters: number;
}

export interface PlacedPiece {
  startAt: number;
  mp3: Buffer;
  rate: number;
  behindS: number;
}

export interface TrackDeps {
  now(): number;
  /** Most a piece waits for its synthesis before the voice goes on without it. */
  synthesisWaitMs: number;
  pacing?: PacingOptions;
  placed(piece: PlacedPiece): void;
  skipped(behindS: number): void;
  failed(err: unknown): void;
}

/**
 * One language and voice of one sermon, on the process holding the speaker: the one timeline
 * every listener of it hears (decision 036). Pieces are placed in the order they were said; a
 * piece whose synthesis fails, or is not back in time, is left out and the next one goes on.
 */
export class VoiceTrack {
  private readonly queue: Array<PendingPiece & { queuedAt: number }> = [];
  private timeline: Timeline;
  private running = false;
  skippedCount = 0;

  constructor(private readonly deps: TrackDeps, endAt = 0) {
    this.timeline = { ...emptyTimeline(), endAt };
  }

  push(piece: PendingPiece): void {
    this.queue.push({ ...piece, queuedAt: this.deps.now() });
    void this.run();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]!;
        const wait = Math.max(0, head.queuedAt + this.deps.synthesisWaitMs - this.deps.now());
        const audio = await Promise.race([head.audio.catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), wait).unref())]);
        this.queue.shift();
        if (!audio) continue;
        try {
          await this.placeOne(head, audio);
        } catch (err) {
          this.deps.failed(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async placeOne(piece: PendingPiece, audio: Buffer): Promise<void> {
    const natural = await naturalVoice(audio);
    const naturalS = natural.length / STREAM_SAMPLE_RATE;
    const placement = place(this.timeline, { settledAt: piece.settledAt, naturalS }, this.deps.now(), this.deps.pacing ?? defaultPacing);
    if (placement.kind === 'skip') {
      this.skippedCount++;
      this.deps.skipped(placement.lagS);
      return;
    }
    const clip = await streamFrames(natural, placement.rate);
    // Encoding took a moment: a piece is never placed where the stream has already been written.
    const earliest = this.deps.now() + (this.deps.pacing ?? defaultPacing).leadMs;
    const startAt = Math.max(placement.startAt, earliest);
    this.timeline = commit(this.timeline, { ...placement, startAt }, clip.seconds);
    this.deps.placed({ startAt, mp3: Buffer.concat(clip.frames), rate: placement.rate, behindS: (startAt - piece.settledAt) / 1000 });
  }
}
