import { RECOGNITION_SAMPLE_RATE } from '@app/shared';

/** Where a stream's audio came from in the ring: a run of the ring's samples. */
interface Piece {
  ring: number;
  stream: number;
  samples: number;
}

/**
 * The ring's samples one engine's stream was sent, in order (decision 043): a replay may skip
 * time (what the page's recogniser heard, decision 059), so a time in the stream is mapped back to
 * the ring through them.
 */
export class StreamPieces {
  private pieces: Piece[] = [];
  private sent = 0;

  /** `samples` of the ring from `ringStart` went to the stream next. */
  add(ringStart: number, samples: number): void {
    const last = this.pieces.at(-1);
    if (last && last.ring + last.samples === ringStart) last.samples += samples;
    else this.pieces.push({ ring: ringStart, stream: this.sent, samples });
    this.sent += samples;
  }

  /** The ring's sample at this stream's `ms` (`fallback` when the stream was sent nothing). */
  ringAt(ms: number, fallback: number): number {
    const s = Math.round((ms / 1000) * RECOGNITION_SAMPLE_RATE);
    for (const p of this.pieces) if (s <= p.stream + p.samples) return p.ring + Math.max(0, s - p.stream);
    const last = this.pieces.at(-1);
    return last ? last.ring + last.samples : fallback;
  }
}
