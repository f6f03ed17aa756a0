import { createMp3Encoder } from 'wasm-media-encoders';
import { MPEGDecoder } from 'mpg123-decoder';
import { audioFrames, frameHeader, FRAME_MS, STREAM_KBPS, STREAM_SAMPLE_RATE } from './mp3-frames';
import { trimEdgeSilence } from './edge-silence';
import { timeStretch } from './time-stretch';

/**
 * A synthesised clip made ready for the voice stream (decision 039): decoded whatever the engine
 * sent (MP3, or WAV from a local engine), played `rate` times as fast with its pitch kept, and
 * encoded again in the stream's one format, so clips of any engine follow each other in one stream.
 */
export interface StreamClip {
  frames: Buffer[];
  /** Seconds it lasts in the stream (after the speed-up). */
  seconds: number;
  /** Seconds it lasts at normal speed. */
  naturalSeconds: number;
}

let decoder: MPEGDecoder | null = null;
let decoderReady: Promise<void> | null = null;

async function mp3Decoder(): Promise<MPEGDecoder> {
  if (!decoder) {
    decoder = new MPEGDecoder();
    decoderReady = decoder.ready;
  }
  await decoderReady;
  return decoder;
}

/** Mono samples of a clip and their sample rate. */
export async function decodeClip(clip: Buffer): Promise<{ samples: Float32Array; sampleRate: number }> {
  if (clip.subarray(0, 4).toString('latin1') === 'RIFF') return decodeWav(clip);
  const d = await mp3Decoder();
  await d.reset();
  // Whole frames only: a tag or table-of-contents frame decodes to noise in some decoders.
  const decoded = d.decode(new Uint8Array(Buffer.concat(audioFrames(clip))));
  const channels = decoded.channelData;
  if (channels.length === 0 || decoded.samplesDecoded === 0) throw new Error('The voice engine sent no audio');
  const samples = channels.length === 1 ? channels[0]! : mix(channels);
  return { samples, sampleRate: decoded.sampleRate };
}

function mix(channels: Float32Array[]): Float32Array {
  const out = new Float32Array(channels[0]!.length);
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i]! += ch[i]! / channels.length;
  return out;
}

/** PCM WAV (8 or 16 bit) as eSpeak NG and other local engines write it. */
function decodeWav(buf: Buffer): { samples: Float32Array; sampleRate: number } {
  let at = 12;
  let rate = 0;
  let channels = 1;
  let bits = 16;
  while (at + 8 <= buf.length) {
    const id = buf.toString('latin1', at, at + 4);
    let size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(at + 10);
      rate = buf.readUInt32LE(at + 12);
      bits = buf.readUInt16LE(at + 22);
    } else if (id === 'data') {
      // Streamed WAV (eSpeak NG to stdout) leaves the size unset: the data runs to the end.
      if (size === 0 || size === 0xffffffff || at + 8 + size > buf.length) size = buf.length - at - 8;
      const step = (bits / 8) * channels;
      const frames = Math.floor(size / step);
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        const p = at + 8 + i * step;
        samples[i] = bits === 8 ? (buf[p]! - 128) / 128 : buf.readInt16LE(p) / 32768;
      }
      if (!rate) break;
      return { samples, sampleRate: rate };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('The voice engine sent a WAV file without audio');
}

/** Linear resampling to the stream's rate (speech needs no better). */
function resample(samples: Float32Array, from: number): Float32Array {
  if (from === STREAM_SAMPLE_RATE) return samples;
  const out = new Float32Array(Math.round((samples.length * STREAM_SAMPLE_RATE) / from));
  const ratio = from / STREAM_SAMPLE_RATE;
  for (let i = 0; i < out.length; i++) {
    const x = i * ratio;
    const j = Math.floor(x);
    const f = x - j;
    out[i] = (samples[j] ?? 0) * (1 - f) + (samples[j + 1] ?? samples[j] ?? 0) * f;
  }
  return out;
}

let encoderReady: ReturnType<typeof createMp3Encoder> | null = null;

/**
 * LAME, compiled to WebAssembly: about 90 times faster than real time here, so a clip costs
 * milliseconds. One instance serves every clip (configured afresh for each; encoding is synchronous
 * once it is ready, so clips never interleave): making one costs 60–270 ms on a loaded machine,
 * which every piece paid before it could be placed (decision 045).
 */
function mp3Encoder(): ReturnType<typeof createMp3Encoder> {
  encoderReady ??= createMp3Encoder().catch((err: unknown) => {
    encoderReady = null;
    throw err;
  });
  return encoderReady;
}

/**
 * Makes the decoder and the encoder ready ahead of the first piece (a sermon's first hypothesis
 * comes a second or two before its first piece is settled), so that piece does not wait for them.
 */
export function warmVoiceAudio(): void {
  mp3Decoder().catch(() => undefined);
  mp3Encoder().catch(() => undefined);
}

async function encode(samples: Float32Array): Promise<Buffer[]> {
  const encoder = await mp3Encoder();
  // The output rate is said: at low bitrates LAME would otherwise choose a lower one (22.05 kHz at
  // 32 kbit/s), and a stream holds one sample rate.
  encoder.configure({ sampleRate: STREAM_SAMPLE_RATE, channels: 1, bitrate: STREAM_KBPS, outputSampleRate: STREAM_SAMPLE_RATE });
  const parts: Buffer[] = [];
  for (let i = 0; i < samples.length; i += 8192) parts.push(Buffer.from(encoder.encode([samples.subarray(i, i + 8192)])));
  parts.push(Buffer.from(encoder.finalize()));
  return audioFrames(Buffer.concat(parts));
}

/** A clip's audio at normal speed, at the stream's sample rate: what pacing measures before choosing a speed. */
export async function naturalVoice(clip: Buffer): Promise<Float32Array> {
  const { samples, sampleRate } = await decodeClip(clip);
  return resample(samples, sampleRate);
}

/** That audio `rate` times as fast (1 to 1.3: voice-pacing.ts decides), as frames of the stream. */
export async function streamFrames(natural: Float32Array, rate: number): Promise<StreamClip> {
  const frames = await encode(timeStretch(natural, rate, STREAM_SAMPLE_RATE));
  return { frames, seconds: (frames.length * FRAME_MS) / 1000, naturalSeconds: natural.length / STREAM_SAMPLE_RATE };
}

/** A synthesised clip, decoded once, ready to be placed at any speed. */
export interface PreparedClip {
  natural: Float32Array;
  naturalSeconds: number;
  /** The engine's own frames when they are already in the stream's format (no re-encoding at 1×). */
  frames: Buffer[] | null;
}

/** The engine's own frames are used as they are only when cutting its edge silence would save less than a frame. */
const TRIM_WORTH_S = FRAME_MS / 1000;

/**
 * A clip as pieces are placed: decoded, its engine's edge silence cut down (edge-silence.ts), so
 * pieces of one sentence follow each other as its words do.
 */
export async function prepareClip(clip: Buffer): Promise<PreparedClip> {
  const whole = await naturalVoice(clip);
  const natural = trimEdgeSilence(whole, STREAM_SAMPLE_RATE);
  const frames = audioFrames(clip);
  const first = frames[0] ? frameHeader(frames[0], 0) : null;
  const streamable = first !== null && first.version === 2 && first.sampleRate === STREAM_SAMPLE_RATE && first.mono && first.kbps === STREAM_KBPS;
  const trimmed = (whole.length - natural.length) / STREAM_SAMPLE_RATE >= TRIM_WORTH_S;
  return { natural, naturalSeconds: natural.length / STREAM_SAMPLE_RATE, frames: streamable && !trimmed ? frames : null };
}

/** The clip as frames of the stream at `rate`: the engine's own at normal speed, else stretched and encoded. */
export async function clipAtRate(clip: PreparedClip, rate: number): Promise<StreamClip> {
  if (rate === 1 && clip.frames) return { frames: clip.frames, seconds: (clip.frames.length * FRAME_MS) / 1000, naturalSeconds: clip.naturalSeconds };
  return streamFrames(clip.natural, rate);
}
