import { describe, expect, it } from 'vitest';
import { Mp4Remuxer } from './mp4-fragments';

/** An MPEG-2 Layer III frame at 24 kHz, mono, 32 kbit/s (96 bytes), its body filled with `fill`. */
function frame(fill: number): Uint8Array {
  const f = new Uint8Array(96).fill(fill);
  f.set([0xff, 0xf3, 0x44, 0xc4]);
  return f;
}

interface Box {
  type: string;
  body: Uint8Array;
  children: Box[];
}
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'dinf']);
/** The boxes of an MP4 byte string, opened where they hold other boxes. */
function boxes(bytes: Uint8Array): Box[] {
  const out: Box[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; ) {
    const size = view.getUint32(at);
    expect(size).toBeGreaterThanOrEqual(8);
    expect(at + size).toBeLessThanOrEqual(bytes.length);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + size);
    out.push({ type, body, children: CONTAINERS.has(type) ? boxes(body) : [] });
    at += size;
  }
  return out;
}
const find = (list: Box[], ...path: string[]): Box => {
  const [head, ...rest] = path;
  const box = list.find((b) => b.type === head);
  if (!box) throw new Error(`no ${head}`);
  return rest.length ? find(box.children, ...rest) : box;
};
const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at);

describe('the voice stream in MP4 fragments (a Media Source that takes MP3 only in MP4)', () => {
  it('opens with one audio track of MP3 at the stream’s rate, then gives each chunk’s whole frames as a fragment on the stream’s timeline', () => {
    const remuxer = new Mp4Remuxer();
    const stream = [frame(1), frame(2), frame(3), frame(4), frame(5)];
    // The first chunk cuts the third frame: only two whole frames go, the rest waits.
    const joined = new Uint8Array(stream.reduce((n, f) => n + f.length, 0));
    stream.forEach((f, i) => joined.set(f, i * 96));
    const first = remuxer.push(joined.subarray(0, 96 * 2 + 40))!;
    const second = remuxer.push(joined.subarray(96 * 2 + 40))!;
    expect(remuxer.push(new Uint8Array(10))).toBeNull();

    const a = boxes(first);
    expect(a.map((b) => b.type)).toEqual(['ftyp', 'moov', 'moof', 'mdat']);
    // The track's clock is the sample rate, and the sample entry says MP3 of MPEG-2 (0x69), mono.
    expect(u32(find(a, 'moov', 'trak', 'mdia', 'mdhd').body, 12)).toBe(24000);
    const stsd = find(a, 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd').body;
    expect(new TextDecoder().decode(stsd.subarray(12, 16))).toBe('mp4a');
    expect(stsd.indexOf(0x69)).toBeGreaterThan(0);
    expect(new DataView(stsd.buffer, stsd.byteOffset).getUint16(8 + 8 + 16)).toBe(1);

    const b = boxes(second);
    expect(b.map((x) => x.type)).toEqual(['moof', 'mdat']);
    for (const [frag, start, frames] of [[a, 0, [1, 2]], [b, 2 * 576, [3, 4, 5]]] as const) {
      const traf = find(frag, 'moof', 'traf');
      // tfdt (version 1): where the fragment starts, in samples: the frames before it, 576 each.
      expect(u32(find(traf.children, 'tfdt').body, 8)).toBe(start);
      const trun = find(traf.children, 'trun').body;
      expect(u32(trun, 4)).toBe(frames.length);
      // The data offset from the fragment's start lands on the mdat's first byte: the first frame.
      const bytes = frag === a ? first.subarray(16 + find(a, 'ftyp').body.length + find(a, 'moov').body.length) : second;
      const offset = u32(trun, 8);
      expect(offset).toBe(8 + find(frag, 'moof').body.length + 8);
      expect(Array.from(bytes.subarray(offset, offset + 4))).toEqual([0xff, 0xf3, 0x44, 0xc4]);
      frames.forEach((fill, i) => {
        expect(u32(trun, 12 + i * 8)).toBe(576);
        expect(u32(trun, 16 + i * 8)).toBe(96);
      });
      // The frames themselves, untouched and in order.
      expect(Array.from(find(frag, 'mdat').body.filter((_, i) => i % 96 === 50))).toEqual([...frames]);
    }
  });
});
