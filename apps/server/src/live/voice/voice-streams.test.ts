import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeMp3, hearWords } from '../../../test/helpers/voice-ear';
import { SPOKEN_SAMPLE_RATE, toneOf } from '../../../test/mock-azure/spoken-audio';
import { frameHeader, audioFrames } from '../../lib/audio/mp3-frames';
import { streamFrames } from '../../lib/audio/voice-audio';
import { defaultStreamOptions, primingBytes, VoiceStreams } from './voice-streams';

/**
 * What a phone's voice stream costs (decision 045): speech at 32 kbit/s, silence in the smallest
 * frames, one sample rate throughout, every word where it was placed. Fake clock: half a minute of
 * stream is written in milliseconds.
 */

/** A connection as the stream writes it: the bytes it was sent. */
function phone(): { res: ServerResponse; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const res = { write: (b: Buffer) => chunks.push(b) > 0, writableLength: 0, on: () => res, end: () => undefined, destroy: () => undefined };
  return { res: res as unknown as ServerResponse, bytes: () => Buffer.concat(chunks) };
}

/** Words as the loopback voice says them: a tone each, 0.4 s apart. */
function words(names: string[]): Float32Array {
  const per = Math.round(0.4 * SPOKEN_SAMPLE_RATE);
  const out = new Float32Array(names.length * per);
  names.forEach((name, w) => {
    const hz = toneOf(name);
    for (let i = 0; i < per * 0.8; i++) out[w * per + i] = 0.5 * Math.min(1, i / 240, (per * 0.8 - i) / 240) * Math.sin((2 * Math.PI * hz * i) / SPOKEN_SAMPLE_RATE);
  });
  return out;
}

afterEach(() => vi.useRealTimers());

describe('the voice stream’s bytes', () => {
  it('costs under 21 kbit/s for half a minute half spoken and 8 kbit/s in silence, and plays every word at its place at one sample rate', async () => {
    const sermonWords = ['grace', 'and', 'peace', 'to', 'you', 'from', 'god'];
    const speech = Buffer.concat((await streamFrames(words(sermonWords), 1)).frames);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: 1_800_000_000_000 });
    const streams = new VoiceStreams(Date.now, defaultStreamOptions);
    const spoken = phone();
    const silent = phone();
    const primed = phone();
    const openedAt = Date.now();
    streams.attach('s1', 'pt', 'female', spoken.res, false);
    streams.attach('s2', 'pt', 'female', silent.res, false);
    streams.attach('s2', 'pt', 'female', primed.res, true);
    // A piece of 2.8 s every 6 s: about half the time is speech, as when a voice keeps up.
    for (let at = 1000; at < 30_000; at += 6000) streams.add('s1', 'pt', 'female', openedAt + at, speech);
    vi.advanceTimersByTime(30_000);
    streams.close();

    const kbps = (bytes: number) => (bytes * 8) / 1000 / 30;
    expect(kbps(spoken.bytes().length)).toBeLessThan(21);
    expect(kbps(silent.bytes().length)).toBeLessThanOrEqual(8.1);
    // A plain stream opens with its priming silence at once, in the same small frames.
    expect(primed.bytes().length - silent.bytes().length).toBe(primingBytes());

    const frames = audioFrames(spoken.bytes()).map((f) => frameHeader(f, 0)!);
    expect(new Set(frames.map((h) => h.sampleRate))).toEqual(new Set([24_000]));
    expect(new Set(frames.map((h) => h.kbps))).toEqual(new Set([8, 32]));
    const { samples, sampleRate } = await decodeMp3(spoken.bytes());
    expect(samples.length / sampleRate).toBeCloseTo(30.3, 0);
    const heard = hearWords(samples, sampleRate);
    expect(heard.map((h) => h.tone)).toEqual(Array.from({ length: 5 }, () => sermonWords.map(toneOf)).flat());
    // Each piece's first word where it was placed (within LAME's start-up delay of 50 ms).
    for (let p = 0; p < 5; p++) expect(heard[p * sermonWords.length]!.at).toBeCloseTo(1 + p * 6, 1);
  });
});
