import { RECOGNITION_SAMPLE_RATE } from '@app/shared';

/** Arrivals kept: a minute of the page's 100 ms frames, twice the replay ring (audio-ring.ts). */
const MAX_FRAMES = 600;

/**
 * When the speaker said the audio at a sample of the session's ring (decision 044), from when its
 * frames reached this process. A frame cannot arrive before its last sample was said, and the
 * page's audio is said in real time, so sample `s` was said no later than any later frame's
 * arrival less the audio between them: the earliest such bound is taken. One prompt frame after a
 * burst (the page sending what it held while offline) puts the whole burst back in its time; a gap
 * (frames the page had to drop) only loosens the bound of frames before it, never moves it later.
 */
export class AudioTimes {
  private frames: { start: number; samples: number; at: number }[] = [];

  /** A frame of `samples` starting at ring sample `start` arrived at `at` (ms, the session's clock). */
  arrived(start: number, samples: number, at: number): void {
    this.frames.push({ start, samples, at });
    if (this.frames.length > MAX_FRAMES) this.frames.splice(0, this.frames.length - MAX_FRAMES);
  }

  /** When ring sample `sample` was said (the session's clock), or undefined when no frame reaching it arrived. */
  saidAt(sample: number): number | undefined {
    let best: number | undefined;
    for (const f of this.frames) {
      const end = f.start + f.samples;
      if (end <= sample) continue;
      const at = f.at - ((end - sample) / RECOGNITION_SAMPLE_RATE) * 1000;
      if (best === undefined || at < best) best = at;
    }
    return best;
  }

  /** The ring sample said at `at` (the session's clock): the last one said by then, or undefined with no frames. */
  sampleAt(at: number): number | undefined {
    const first = this.frames[0];
    const last = this.frames.at(-1);
    if (!first || !last) return undefined;
    // saidAt grows with the sample: the last sample said by `at` is found by halving.
    let lo = first.start;
    let hi = last.start + last.samples;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((this.saidAt(mid) ?? Infinity) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
