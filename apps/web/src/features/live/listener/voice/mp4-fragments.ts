/**
 * The voice stream's MP3 frames carried in fragmented MP4 (ISO/IEC 14496-12), for a browser whose
 * Media Source takes MP3 only inside MP4 (Firefox: `audio/mp4; codecs="mp3"`, decision 049). The
 * frames are not touched: each chunk of the stream becomes one fragment (a `moof` saying each
 * frame's size and length, then the frames in an `mdat`), on the same timeline as the stream's own
 * frames, so the quiet ranges read from the MP3 bytes (decision 046) stand for the element's time.
 *
 * Written here rather than taken from a muxer library: the libraries that write MP4 (mediabunny,
 * mp4-muxer) close a fragment only by its duration, on the next packet, which would hold every word
 * back, and none of them muxes MP3 into fragments of a live stream. The boxes are a fixed dozen.
 */
import type { FrameHeader } from '@app/shared';
import { concatBytes as concat, FrameReader } from './mp3-frames';
import { MP3_IN_MP4 } from './voice-path';

export { MP3_IN_MP4 };

const TRACK = 1;
const text = (s: string) => new TextEncoder().encode(s);
const u8 = (...bytes: number[]) => Uint8Array.from(bytes);
const u16 = (n: number) => u8((n >>> 8) & 255, n & 255);
const u32 = (n: number) => u8((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
const zeros = (n: number) => new Uint8Array(n);
/** The unity matrix every track and movie header carries. */
const MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32);

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(8 + body.length), text(type), body]);
}

/** A box with a version and flags (a "full box"). */
function full(type: string, version: number, flags: number, ...parts: Uint8Array[]): Uint8Array {
  return box(type, u8(version, (flags >>> 16) & 255, (flags >>> 8) & 255, flags & 255), ...parts);
}

/** An MPEG-4 descriptor (ISO/IEC 14496-1): a tag, its length (all of ours under 128), its body. */
function descriptor(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  return concat([u8(tag, body.length), body]);
}

/** `ftyp` and `moov`: what the stream holds (one audio track of MP3 at the first frame's rate). */
export function initSegment(first: FrameHeader): Uint8Array {
  const channels = first.mono ? 1 : 2;
  // objectTypeIndication: 0x6B MPEG-1 audio (ISO/IEC 11172-3), 0x69 MPEG-2's lower rates (13818-3).
  const objectType = first.version === 3 ? 0x6b : 0x69;
  const bitrate = first.kbps * 1000;
  const esds = full(
    'esds', 0, 0,
    descriptor(0x03, u16(TRACK), u8(0),
      // streamType 5 (audio) << 2 | upStream 0 | reserved 1; a buffer of a second; the frame's bitrate.
      descriptor(0x04, u8(objectType, 0x15), u8(0, 0x10, 0), u32(bitrate), u32(bitrate)),
      descriptor(0x06, u8(0x02))),
  );
  const mp4a = box('mp4a', zeros(6), u16(1), zeros(8), u16(channels), u16(16), zeros(4), u32(first.sampleRate * 65536), esds);
  const stbl = box(
    'stbl',
    full('stsd', 0, 0, u32(1), mp4a),
    full('stts', 0, 0, u32(0)),
    full('stsc', 0, 0, u32(0)),
    full('stsz', 0, 0, u32(0), u32(0)),
    full('stco', 0, 0, u32(0)),
  );
  const minf = box('minf', full('smhd', 0, 0, zeros(4)), box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))), stbl);
  const mdia = box(
    'mdia',
    // The track's clock is the sample rate: each frame lasts exactly its samples.
    full('mdhd', 0, 0, u32(0), u32(0), u32(first.sampleRate), u32(0), u16(0x55c4), u16(0)),
    full('hdlr', 0, 0, u32(0), text('soun'), zeros(12), text('Voice\0')),
    minf,
  );
  const tkhd = full('tkhd', 0, 3, u32(0), u32(0), u32(TRACK), zeros(4), u32(0), zeros(8), u16(0), u16(0), u16(0x0100), zeros(2), ...MATRIX, u32(0), u32(0));
  const mvhd = full('mvhd', 0, 0, u32(0), u32(0), u32(1000), u32(0), u32(0x00010000), u16(0x0100), zeros(10), ...MATRIX, zeros(24), u32(TRACK + 1));
  const mvex = box('mvex', full('trex', 0, 0, u32(TRACK), u32(1), u32(0), u32(0), u32(0)));
  return concat([box('ftyp', text('isom'), u32(0x200), text('isom'), text('iso6'), text('mp41')), box('moov', mvhd, box('trak', tkhd, mdia), mvex)]);
}

/** One fragment: the frames' sizes and lengths, starting `decodeTime` samples into the stream. */
export function fragment(sequence: number, decodeTime: number, frames: Array<{ samples: number; bytes: Uint8Array }>): Uint8Array {
  const moof = (dataOffset: number) =>
    box(
      'moof',
      full('mfhd', 0, 0, u32(sequence)),
      box(
        'traf',
        // default-base-is-moof: the data offset counts from this fragment's own start.
        full('tfhd', 0, 0x020000, u32(TRACK)),
        full('tfdt', 1, 0, u32(Math.floor(decodeTime / 2 ** 32)), u32(decodeTime >>> 0)),
        // data-offset, sample-duration and sample-size present.
        full('trun', 0, 0x000301, u32(frames.length), u32(dataOffset), ...frames.flatMap((f) => [u32(f.samples), u32(f.bytes.length)])),
      ),
    );
  const head = moof(0);
  return concat([moof(head.length + 8), box('mdat', ...frames.map((f) => f.bytes))]);
}

/** The stream's chunks, as they come, turned into MP4: the init segment first, then a fragment a chunk. */
export class Mp4Remuxer {
  private readonly frames = new FrameReader();
  private started = false;
  private sequence = 0;
  private decodeTime = 0;

  /** What to append for this chunk (nothing while no whole frame has come). */
  push(chunk: Uint8Array): Uint8Array | null {
    // Used before the next push: the frames' bytes need no copy of their own.
    const read = [...this.frames.push(chunk)];
    if (read.length === 0) return null;
    const whole = read.map(({ header, bytes }) => ({ samples: header.samples, bytes }));
    const parts: Uint8Array[] = [];
    if (!this.started) {
      this.started = true;
      parts.push(initSegment(read[0]!.header));
    }
    this.sequence += 1;
    parts.push(fragment(this.sequence, this.decodeTime, whole));
    this.decodeTime += whole.reduce((n, f) => n + f.samples, 0);
    return concat(parts);
  }
}
