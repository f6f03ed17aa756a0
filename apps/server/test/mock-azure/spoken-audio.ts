import { createMp3Encoder } from 'wasm-media-encoders';

/**
 * Audio that lasts as long as real speech, for the loopback voices (decision 039): each word is a
 * tone whose pitch names the word, so a listener that hears the audio — a Chromium phone with a
 * Web Audio analyser, or the benchmark's ears — can tell which word it heard and when.
 */

export const SPOKEN_SAMPLE_RATE = 24_000;
/**
 * Seconds per word in English at a voice's normal pace: 150 words a minute, as fast as the pastor
 * the benchmarks replay (a neural voice says a sermon's English about as fast as it was preached;
 * decision 045). A faster voice hides the queue a real one makes.
 */
export const ENGLISH_WORD_S = 0.4;
/** How much longer the same content takes to say, per language (Romance languages about 1.15×). */
export const LANGUAGE_PACE: Record<string, number> = { en: 1, pt: 1.15, es: 1.15, id: 1.1, ar: 1.1, hi: 1.1, zh: 1 };

/**
 * Silence a voice engine puts around every clip it returns. Azure's documentation says it adds
 * silence at the start and end of each file without saying how much (SSML's `mstts:silence` changes
 * it); Windows' engine appends about 750 ms; eSpeak NG, measured here on "grace and peace to you",
 * starts 14 ms in and ends with 304 ms of silence. The loopback voices pad as eSpeak NG does, so a
 * voice said in pieces meets the gaps a real engine makes (decision 047).
 */
export const CLIP_LEADING_S = 0.05;
export const CLIP_TRAILING_S = 0.3;

const TONES = 48;
const LOWEST_HZ = 400;
const STEP_HZ = 60;

/** A word as compared: lower case, letters and digits only. */
export const wordKey = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The tone that names a word: one of 48, 60 Hz apart from 400 Hz. */
export function toneOf(word: string): number {
  let h = 2166136261;
  for (const c of wordKey(word)) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
  return LOWEST_HZ + ((h >>> 0) % TONES) * STEP_HZ;
}

/** Every tone a word may have. */
export const allTones = () => Array.from({ length: TONES }, (_, i) => LOWEST_HZ + i * STEP_HZ);

/** Seconds a word takes in a language (by its base code). */
export function wordSeconds(language: string): number {
  return ENGLISH_WORD_S * (LANGUAGE_PACE[language.toLowerCase().split('-')[0]!] ?? 1.1);
}

let mockEncoder: ReturnType<typeof createMp3Encoder> | null = null;

/** The words of a text as a speaker would say them, as MP3 (24 kHz mono, 48 kbit/s). */
export async function spokenMp3(text: string, language: string): Promise<Buffer> {
  const words = text.split(/\s+/).filter((w) => wordKey(w).length > 0);
  const per = Math.round(wordSeconds(language) * SPOKEN_SAMPLE_RATE);
  const lead = Math.round(CLIP_LEADING_S * SPOKEN_SAMPLE_RATE);
  const samples = new Float32Array(lead + Math.max(1, words.length) * per + Math.round(CLIP_TRAILING_S * SPOKEN_SAMPLE_RATE));
  words.forEach((word, w) => {
    const hz = toneOf(word);
    const sounding = Math.round(per * 0.8);
    for (let i = 0; i < sounding; i++) {
      // A short fade in and out: no click between words.
      const edge = Math.min(1, i / 240, (sounding - i) / 240);
      samples[lead + w * per + i] = 0.5 * edge * Math.sin((2 * Math.PI * hz * i) / SPOKEN_SAMPLE_RATE);
    }
  });
  // One encoder for every clip, configured afresh (encoding is synchronous once it is ready): making
  // one per clip cost the loopback voice 30 ms of the benchmark's two cores per piece.
  const encoder = await (mockEncoder ??= createMp3Encoder());
  encoder.configure({ sampleRate: SPOKEN_SAMPLE_RATE, channels: 1, bitrate: 48 });
  const parts = [Buffer.from(encoder.encode([samples])), Buffer.from(encoder.finalize())];
  return Buffer.concat(parts);
}
