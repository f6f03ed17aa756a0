/**
 * MPEG audio frames, as the voice stream needs them (decision 039): cut a clip into frames, know
 * how long they last, and make frames of silence in the stream's one format. Only headers are
 * read; nothing here decodes audio.
 */

/**
 * The stream's one format: MPEG-2 Layer III, 24 kHz, mono (decision 045). Speech is encoded at 32
 * kbit/s, where speech is clear; silence, which is most of what a stream carries between pieces,
 * is written in the format's smallest frames (8 kbit/s: a header and no audio data). A frame says
 * its own bitrate, so one stream holds both and every MP3 decoder plays it.
 *
 * Chromium's media loader hands a progressive stream to its decoder in blocks of 32 KB (decision
 * 039), which at these rates would hold a word for many seconds: Chromium is fed by a worker
 * through Media Source instead (no blocks), and Safari's loader has none.
 */
import { frameHeader, KBPS_V2_L3 } from '@app/shared';

export const STREAM_SAMPLE_RATE = 24_000;
export const STREAM_KBPS = 32;
/** Silence between pieces: the smallest frame of the format, 24 bytes for 24 ms. */
export const SILENCE_KBPS = 8;
/** An MPEG-2 Layer III frame holds 576 samples: 24 ms at 24 kHz. */
export const FRAME_SAMPLES = 576;
export const FRAME_MS = (FRAME_SAMPLES * 1000) / STREAM_SAMPLE_RATE;

export { frameHeader, type FrameHeader } from '@app/shared';

/** Bytes of an ID3v2 tag at the start, if any. */
function id3Length(buf: Uint8Array): number {
  if (buf.length < 10 || buf[0] !== 0x49 || buf[1] !== 0x44 || buf[2] !== 0x33) return 0;
  const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
  return 10 + size + (buf[5]! & 0x10 ? 10 : 0);
}

/** Whether a frame is a Xing/Info/VBRI header (no audio: an encoder's table of contents). */
function isInfoFrame(frame: Uint8Array): boolean {
  const text = Buffer.from(frame.subarray(0, Math.min(frame.length, 64))).toString('latin1');
  return text.includes('Xing') || text.includes('Info') || text.includes('VBRI');
}

/**
 * The audio frames of an MP3 clip, without its ID3 tag and encoder header frames: clips put one
 * after another in a stream must not carry a tag or a table of contents into the middle of it.
 */
export function audioFrames(clip: Uint8Array): Buffer[] {
  const frames: Buffer[] = [];
  let at = id3Length(clip);
  while (at < clip.length) {
    const header = frameHeader(clip, at);
    if (!header || at + header.length > clip.length) {
      at++;
      continue;
    }
    const frame = Buffer.from(clip.subarray(at, at + header.length));
    if (!(frames.length === 0 && isInfoFrame(frame))) frames.push(frame);
    at += header.length;
  }
  return frames;
}

/** Seconds of audio in an MP3 clip. */
export function mp3Seconds(clip: Uint8Array): number {
  let seconds = 0;
  for (const frame of audioFrames(clip)) {
    const h = frameHeader(frame, 0)!;
    seconds += h.samples / h.sampleRate;
  }
  return seconds;
}

/**
 * A frame of silence in the stream's format: no Huffman data (part2_3_length 0), so every decoder
 * plays zeros. Its main_data_begin is 0, so the piece after it needs nothing from it.
 */
export function silentFrame(kbps = SILENCE_KBPS): Buffer {
  const index = KBPS_V2_L3.indexOf(kbps);
  if (index <= 0) throw new Error(`No MPEG-2 Layer III bitrate of ${kbps} kbps`);
  const frame = Buffer.alloc(Math.floor((72 * kbps * 1000) / STREAM_SAMPLE_RATE));
  // Sync, MPEG-2, Layer III, no CRC | bitrate, 24 kHz | mono.
  frame[0] = 0xff;
  frame[1] = 0xf3;
  frame[2] = (index << 4) | (1 << 2);
  frame[3] = 0xc0;
  return frame;
}
