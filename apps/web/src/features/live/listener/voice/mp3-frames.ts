import { frameHeader, type FrameHeader } from '@app/shared';

/** One whole MP3 frame of the stream: its header and its bytes. */
export interface StreamFrame {
  header: FrameHeader;
  bytes: Uint8Array;
}

/**
 * The voice stream's frames as its chunks arrive, cut anywhere: a frame the chunk's end cuts waits
 * for the next chunk. Shared by the page's own decoder (decoded-voice.ts) and the worker's quiet
 * ranges (quiet-points.ts).
 */
export class FrameReader {
  private carry: Uint8Array = new Uint8Array(0);

  *push(chunk: Uint8Array): Generator<StreamFrame> {
    const buf = this.carry.length > 0 ? concatBytes([this.carry, chunk]) : chunk;
    let i = 0;
    while (i + 4 <= buf.length) {
      const header = frameHeader(buf, i);
      if (!header) {
        // Not a frame boundary (never in this stream): look for the next sync.
        i++;
        continue;
      }
      if (i + header.length > buf.length) break;
      // Kept before the frame is handed out: a reader that stops here keeps the rest.
      this.carry = buf.slice(i + header.length);
      yield { header, bytes: buf.subarray(i, i + header.length) };
      i += header.length;
    }
    this.carry = buf.slice(i);
  }
}

/** Byte arrays one after another, in one new array: the stream's frames, MP4 boxes, chunks to append. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
