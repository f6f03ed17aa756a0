import { RECOGNITION_SAMPLE_RATE } from '@app/shared';

/** At most this much audio is kept for a replay; an engine that finalises nothing longer than this loses the oldest. */
const MAX_RING_SAMPLES = 30 * RECOGNITION_SAMPLE_RATE;
/** RMS of a frame holding speech (about −36 dBFS): quieter is the room between phrases. */
const SPEECH_RMS = 500;

/**
 * The speaker's audio that no engine has finalised yet (decision 038), counted in samples from the
 * sermon's first audio: what a reopened or second engine is replayed.
 */
export class AudioRing {
  private frames: { start: number; pcm: Buffer }[] = [];
  /** Samples received so far. */
  end = 0;
  /** Everything before this sample is in a final phrase. */
  finalisedUpTo = 0;

  push(pcm: Buffer): void {
    this.frames.push({ start: this.end, pcm });
    this.end += pcm.length >> 1;
    this.trim();
  }

  finalise(sample: number): void {
    this.finalisedUpTo = Math.min(this.end, Math.max(this.finalisedUpTo, sample));
    this.trim();
  }

  /** The audio from `sample` to now with where each piece starts, the first frame cut where it starts. */
  since(sample: number): { start: number; pcm: Buffer }[] {
    const out: { start: number; pcm: Buffer }[] = [];
    for (const f of this.frames) {
      const samples = f.pcm.length >> 1;
      if (f.start + samples <= sample) continue;
      out.push(f.start >= sample ? f : { start: sample, pcm: f.pcm.subarray((sample - f.start) * 2) });
    }
    return out;
  }

  /**
   * Where the speech going on at `sample` pauses: the first 30 ms at or after it quieter than
   * speech, at most `maxSamples` on (a word cut there is heard whole on one side of the cut).
   */
  pauseAfter(sample: number, maxSamples: number): number {
    const block = Math.round(0.03 * RECOGNITION_SAMPLE_RATE);
    const until = Math.min(this.end, sample + maxSamples);
    for (let s = sample; s + block <= until; s += block) {
      const pcm = this.slice(s, s + block);
      if (pcm && !hasSpeech(pcm)) return s;
    }
    return until;
  }

  /**
   * Where the phrase heard by `sample` began, not before `floor` (decision 059): back over any quiet
   * (a recogniser names a word after it ends), then over speech and the short gaps between words,
   * to the first pause of 150 ms or more; at most 2 s back. Undefined when the ring does not hold it.
   */
  phraseStart(sample: number, floor: number): number | undefined {
    const block = Math.round(0.03 * RECOGNITION_SAMPLE_RATE);
    const pause = Math.round(0.15 * RECOGNITION_SAMPLE_RATE);
    const limit = Math.max(floor, sample - 2 * RECOGNITION_SAMPLE_RATE);
    let s = Math.min(sample, this.end) - block;
    let onset: number | undefined;
    let quiet = 0;
    for (; s >= limit; s -= block) {
      const pcm = this.slice(s, s + block);
      if (!pcm) return onset;
      if (hasSpeech(pcm)) {
        onset = s;
        quiet = 0;
      } else if (onset !== undefined && (quiet += block) >= pause) return onset;
    }
    return onset === undefined ? undefined : Math.max(onset, floor);
  }

  /** The audio from `from` to `to`, when the ring holds all of it in one frame or across frames. */
  private slice(from: number, to: number): Buffer | null {
    const parts = this.since(from).filter((p) => p.start < to).map((p) => p.pcm.subarray(0, Math.max(0, (to - p.start) * 2)));
    const pcm = Buffer.concat(parts);
    return pcm.length === (to - from) * 2 ? pcm : null;
  }

  /**
   * Forgets the audio from `from` to now (the speaker's page recognised it while no engine
   * listened, decision 043): a replay skips it, what came before it is still replayed.
   */
  drop(from: number): void {
    this.frames = this.frames.flatMap((f) => {
      if (f.start >= from) return [];
      const samples = f.pcm.length >> 1;
      return f.start + samples <= from ? [f] : [{ start: f.start, pcm: f.pcm.subarray(0, (from - f.start) * 2) }];
    });
    if (this.finalisedUpTo >= from) this.finalisedUpTo = this.end;
  }

  private trim(): void {
    const keepFrom = Math.max(this.finalisedUpTo, this.end - MAX_RING_SAMPLES);
    while (this.frames.length > 0) {
      const f = this.frames[0]!;
      if (f.start + (f.pcm.length >> 1) > keepFrom) break;
      this.frames.shift();
    }
    if (this.finalisedUpTo < keepFrom) this.finalisedUpTo = keepFrom;
  }
}

/** Whether a frame of PCM16 holds speech rather than a quiet room. */
export function hasSpeech(pcm: Buffer): boolean {
  let sum = 0;
  const n = pcm.length >> 1;
  // Every fourth sample is plenty to tell speech from silence.
  for (let o = 0; o + 1 < pcm.length; o += 8) sum += pcm.readInt16LE(o) ** 2;
  return Math.sqrt(sum / Math.max(1, n / 4)) >= SPEECH_RMS;
}
