import { MPEGDecoder } from 'mpg123-decoder';
import { liveEvents, type SegmentAck } from '@app/shared';
import { request, type ClientSocket } from './live-kit';
import { allTones } from '../mock-azure/spoken-audio';

/**
 * An ear for the loopback voices (decision 039): decodes MP3 as a player would and tells which
 * word-tones it hears and when, in seconds of audio from the start. Each word of the loopback
 * voice is a tone that names it (spoken-audio.ts), so what was heard can be lined up with what
 * was said.
 */
export interface HeardWord {
  tone: number;
  /** Seconds into the audio where the word begins. */
  at: number;
}

const WINDOW_S = 0.02;

/** Power of one frequency in a window (Goertzel). */
function power(samples: Float32Array, from: number, length: number, hz: number, rate: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < length; i++) {
    const s0 = samples[from + i]! + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (length * length);
}

/** Decoded mono samples of MP3 bytes. */
export async function decodeMp3(mp3: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const out = decoder.decode(mp3);
  decoder.free();
  return { samples: out.channelData[0] ?? new Float32Array(0), sampleRate: out.sampleRate };
}

/** The words heard in `samples`: a tone held for at least two windows, in order. */
export function hearWords(samples: Float32Array, sampleRate: number): HeardWord[] {
  const tones = allTones();
  const length = Math.round(WINDOW_S * sampleRate);
  const heard: HeardWord[] = [];
  let current: number | null = null;
  let run = 0;
  for (let from = 0; from + length <= samples.length; from += length) {
    let best = 0;
    let bestTone: number | null = null;
    for (const hz of tones) {
      const p = power(samples, from, length, hz, sampleRate);
      if (p > best) {
        best = p;
        bestTone = hz;
      }
    }
    const tone = best > 0.002 ? bestTone : null;
    if (tone !== null && tone === current) {
      run++;
      if (run === 2) heard.push({ tone, at: from / sampleRate - WINDOW_S });
    } else {
      current = tone;
      run = 1;
    }
  }
  return heard;
}

/** Reads a voice stream (a full URL) for a while, as a phone's audio element would. */
export async function tuneIn(url: string, cookie?: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  const chunks: Buffer[] = [];
  const reading = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
    } catch {
      // Aborted: the phone went away.
    }
  })();
  return {
    res,
    /** Settles when the server ends the stream. */
    finished: reading,
    bytes: () => Buffer.concat(chunks),
    async stop() {
      controller.abort();
      await reading;
    },
  };
}

/** A speaker saying a line a word at a time (a hypothesis each 350 ms), then its final. */
export async function sayLine(sp: ClientSocket, sermonId: string, seq: number, sentence: string) {
  const words = sentence.split(' ');
  for (let n = 1; n <= words.length; n++) {
    sp.emit(liveEvents.segment, { sermonId, seq, text: words.slice(0, n).join(' '), final: false }, () => undefined);
    await new Promise((r) => setTimeout(r, 350));
  }
  return request<SegmentAck>(sp, liveEvents.segment, { sermonId, seq, text: `${sentence}.`, final: true });
}
