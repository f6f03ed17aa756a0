/**
 * The silence a voice engine puts around each clip, cut down (decision 047). Engines pad every
 * clip they return: Azure adds silence at the start and end of each file (its SSML can change it
 * per request, other engines' cannot), Windows' engine about 750 ms at the end, and every MP3 adds
 * its encoder's delay. Said once per sentence that is a natural pause; said once per piece of a few
 * words it is a gap in the middle of a sentence, and time the voice must then catch up at up to
 * 1.3×. Pure: samples in, a view of them out.
 */

/** Kept before the first sound: the attack of a consonant can start below the threshold. */
export const LEADING_KEEP_S = 0.01;
/**
 * Kept after the last sound: a word's own release. With the 28–35 ms the encoder leaves after it
 * (its delay and its last frame's padding), a piece ends in 73–80 ms of quiet: the 60 ms before the
 * next piece's first frame that a phone changes speed in (decision 046), and the 20 ms the change
 * drops. The next piece starts 24 ms in (the encoder's delay), so pieces follow each other about
 * as far apart as words (92 ms in Portuguese at the pastor's pace).
 */
export const TRAILING_KEEP_S = 0.045;

/** A sample counts as sound above this share of the clip's peak (−34 dB), and above an absolute floor. */
const RELATIVE_THRESHOLD = 0.02;
const ABSOLUTE_THRESHOLD = 0.002;

/** `samples` without what is silent before its first sound and after its last, but for the margins above. */
export function trimEdgeSilence(samples: Float32Array, sampleRate: number): Float32Array {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  const threshold = Math.max(ABSOLUTE_THRESHOLD, peak * RELATIVE_THRESHOLD);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) <= threshold) first++;
  // All silence: nothing to say, and nothing to cut against (the engine's clip is kept as it is).
  if (first === samples.length) return samples;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) <= threshold) last--;
  const start = Math.max(0, first - Math.round(LEADING_KEEP_S * sampleRate));
  const end = Math.min(samples.length, last + 1 + Math.round(TRAILING_KEEP_S * sampleRate));
  return samples.subarray(start, end);
}
