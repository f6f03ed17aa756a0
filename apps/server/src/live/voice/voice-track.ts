import { commit, defaultPacing, emptyTimeline, place, type PacingOptions, type Timeline } from './voice-pacing';
import { clipAtRate, prepareClip, type PreparedClip } from '../../lib/audio/voice-audio';

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
  /** When it has been said (ms): the voice is back at the live edge then if nothing follows. */
  endAt: number;
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
 * every listener of it hears (decision 039). Pieces are placed in the order they were said; a
 * piece whose synthesis fails, or is not back in time, is left out and the next one goes on.
 */
export class VoiceTrack {
  private readonly queue: Array<PendingPiece & { prepared: Promise<PreparedClip | null>; queuedAt: number }> = [];
  private timeline: Timeline;
  private running = false;
  skippedCount = 0;

  constructor(private readonly deps: TrackDeps, endAt = 0) {
    this.timeline = { ...emptyTimeline(), endAt };
  }

  /** Queues a piece; its clip, decoded once, is returned for whoever keeps the line (listen-again). */
  push(piece: PendingPiece): Promise<PreparedClip | null> {
    // Decoded as soon as it arrives, while earlier pieces are being placed.
    const prepared = piece.audio.then((audio) => (audio ? prepareClip(audio) : null)).catch((err: unknown) => {
      this.deps.failed(err);
      return null;
    });
    this.queue.push({ ...piece, prepared, queuedAt: this.deps.now() });
    void this.run();
    return prepared;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]!;
        const wait = Math.max(0, head.queuedAt + this.deps.synthesisWaitMs - this.deps.now());
        const clip = await Promise.race([head.prepared, new Promise<null>((r) => setTimeout(() => r(null), wait).unref())]);
        this.queue.shift();
        if (!clip) {
          // Failed or too slow: the voice goes on without it (its caption stays).
          this.skippedCount++;
          this.deps.skipped((this.deps.now() - head.settledAt) / 1000);
          continue;
        }
        try {
          await this.placeOne(head, clip);
        } catch (err) {
          this.deps.failed(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async placeOne(piece: PendingPiece, prepared: PreparedClip): Promise<void> {
    const pacing = this.deps.pacing ?? defaultPacing;
    const placement = place(this.timeline, { settledAt: piece.settledAt, naturalS: prepared.naturalSeconds }, this.deps.now(), pacing);
    const skip = (lagS: number) => {
      this.skippedCount++;
      this.deps.skipped(lagS);
    };
    if (placement.kind === 'skip') return skip(placement.lagS);
    const clip = await clipAtRate(prepared, placement.rate);
    // Encoding took a moment: a piece is never placed where the stream has already been written,
    // and the hard limit holds for where it really starts.
    const startAt = Math.max(placement.startAt, this.deps.now() + pacing.leadMs);
    if ((startAt - piece.settledAt) / 1000 > pacing.hardLimitS) return skip((startAt - piece.settledAt) / 1000);
    this.timeline = commit(this.timeline, { ...placement, startAt }, clip.seconds);
    this.deps.placed({ startAt, mp3: Buffer.concat(clip.frames), rate: placement.rate, behindS: (startAt - piece.settledAt) / 1000, endAt: this.timeline.endAt });
  }
}
