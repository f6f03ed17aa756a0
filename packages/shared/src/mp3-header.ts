/**
 * MPEG audio frame headers (decision 039), read by the server as it cuts clips into the voice
 * stream's frames and by the listener page's worker as it feeds them to the element: each frame
 * says its own size and bitrate, so silence (the format's smallest frame) and the first frame of
 * each piece (marked, decision 046) can be told apart without decoding anything.
 */

const KBPS_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
export const KBPS_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface FrameHeader {
  /** 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5. */
  version: number;
  sampleRate: number;
  kbps: number;
  length: number;
  samples: number;
  mono: boolean;
}

/** The Layer III frame header at `at`, or null where none starts. */
export function frameHeader(buf: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > buf.length || buf[at] !== 0xff || (buf[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (buf[at + 1]! >> 3) & 3;
  const layer = (buf[at + 1]! >> 1) & 3;
  const bitrateIndex = buf[at + 2]! >> 4;
  const rateIndex = (buf[at + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const kbps = (version === 3 ? KBPS_V1_L3 : KBPS_V2_L3)[bitrateIndex]!;
  const sampleRate = RATES[version]![rateIndex]!;
  const padding = (buf[at + 2]! >> 1) & 1;
  const samples = version === 3 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { version, sampleRate, kbps, length, samples, mono: buf[at + 3]! >> 6 === 3 };
}

/**
 * The header's private bit, which every decoder ignores: the voice stream sets it on the first frame
 * of each piece (decision 046), so a phone knows where one piece ends and the next begins.
 */
export const isMarked = (buf: Uint8Array, at: number) => (buf[at + 2]! & 1) === 1;

/** The same frame, marked as a piece's first (a copy: the clip it came from is kept as it was). */
export function marked(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  copy[2] = copy[2]! | 1;
  return copy;
}
