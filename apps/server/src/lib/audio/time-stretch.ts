/**
 * Time-stretching that keeps the pitch (WSOLA: waveform-similarity overlap-add), for a voice that
 * has fallen behind the pastor (decision 039). Pure: samples in, samples out.
 *
 * Each output hop copies a window of the input from about `hop × rate` further on, nudged within a
 * few milliseconds to where the waveform best continues the previous window, and cross-fades it in:
 * the voice gets faster, its pitch does not move, and no click is heard at the joins.
 */

const WINDOW_S = 0.03;
const SEEK_S = 0.008;

/** `input` played `rate` times as fast (rate 1.25 → 80% of the duration), pitch kept. */
export function timeStretch(input: Float32Array, rate: number, sampleRate: number): Float32Array {
  if (rate === 1 || input.length === 0) return input;
  const win = Math.max(16, Math.round(WINDOW_S * sampleRate) & ~1);
  const hop = win / 2;
  const seek = Math.round(SEEK_S * sampleRate);
  const outLength = Math.max(1, Math.round(input.length / rate));
  const out = new Float32Array(outLength + win);
  const weight = new Float32Array(outLength + win);
  const hann = new Float32Array(win);
  for (let i = 0; i < win; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / win);

  let previous = 0;
  for (let k = 0; k * hop < outLength; k++) {
    const nominal = Math.round(k * hop * rate);
    let from = Math.min(nominal, Math.max(0, input.length - win));
    if (k > 0) {
      // Where the previous window would naturally go on: the best match near the nominal position.
      const natural = previous + hop;
      let best = -Infinity;
      const lo = Math.max(0, nominal - seek);
      const hi = Math.min(input.length - win, nominal + seek);
      for (let cand = lo; cand <= hi; cand += 2) {
        let score = 0;
        for (let i = 0; i < win; i += 4) score += (input[cand + i] ?? 0) * (input[natural + i] ?? 0);
        if (score > best) {
          best = score;
          from = cand;
        }
      }
    }
    const at = k * hop;
    for (let i = 0; i < win; i++) {
      out[at + i]! += (input[from + i] ?? 0) * hann[i]!;
      weight[at + i]! += hann[i]!;
    }
    previous = from;
  }
  const result = new Float32Array(outLength);
  for (let i = 0; i < outLength; i++) result[i] = weight[i]! > 1e-3 ? out[i]! / weight[i]! : 0;
  return result;
}
