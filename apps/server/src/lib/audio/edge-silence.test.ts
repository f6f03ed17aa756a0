import { describe, expect, it } from 'vitest';
import { spokenMp3 } from '../../../test/mock-azure/spoken-audio';
import { LEADING_KEEP_S, TRAILING_KEEP_S, trimEdgeSilence } from './edge-silence';
import { STREAM_SAMPLE_RATE } from './mp3-frames';
import { clipAtRate, naturalVoice, prepareClip } from './voice-audio';

const RATE = 24_000;
const tone = (seconds: number, amplitude = 0.5) => Float32Array.from({ length: Math.round(seconds * RATE) }, (_v, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / RATE));
const silence = (seconds: number, noise = 0) => Float32Array.from({ length: Math.round(seconds * RATE) }, (_v, i) => (i % 2 ? noise : -noise));
const join = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('the silence an engine puts around a clip', () => {
  it('is cut to a few milliseconds before the first sound and a word\'s release after the last, with the pauses inside kept', () => {
    // An engine's clip: 300 ms of faint hiss, two words 200 ms apart, 750 ms of silence.
    const clip = join(silence(0.3, 0.0005), tone(0.4), silence(0.2), tone(0.4), silence(0.75));
    const trimmed = trimEdgeSilence(clip, RATE);
    expect(trimmed.length / RATE).toBeCloseTo(LEADING_KEEP_S + 0.4 + 0.2 + 0.4 + TRAILING_KEEP_S, 2);
    // The words and the pause between them are all still there.
    const loud = trimmed.filter((s) => Math.abs(s) > 0.1).length;
    expect(loud).toBe(clip.filter((s) => Math.abs(s) > 0.1).length);
  });

  it('keeps a quiet voice: what counts as silence is measured against the clip\'s own loudness', () => {
    const quiet = join(silence(0.2), tone(0.5, 0.02), silence(0.5));
    expect(trimEdgeSilence(quiet, RATE).length / RATE).toBeCloseTo(LEADING_KEEP_S + 0.5 + TRAILING_KEEP_S, 2);
  });

  it('leaves a clip with nothing in it as it is', () => {
    const empty = silence(0.4);
    expect(trimEdgeSilence(empty, RATE)).toBe(empty);
  });

  it('makes a loopback engine\'s four-word piece as long as its words in the stream, where the engine\'s clip is a third of a second longer', async () => {
    const mp3 = await spokenMp3('graça e paz irmãos', 'pt');
    const engineSeconds = (await naturalVoice(mp3)).length / STREAM_SAMPLE_RATE;
    const prepared = await prepareClip(mp3);
    const words = 4 * 0.46;
    expect(engineSeconds).toBeGreaterThan(words + 0.3);
    // The last word's own trailing fifth is silence too: the piece ends its release after it.
    expect(prepared.naturalSeconds).toBeLessThan(words + 0.05);
    // As the stream says it at normal speed, and as a line's pieces are kept for listening again.
    const stream = await clipAtRate(prepared, 1);
    expect(stream.seconds).toBeLessThan(words + 0.1);
  });
});
