import { describe, expect, it } from 'vitest';
import { concatBytes as concat } from './mp3-frames';
import { QuietFinder, QuietRanges } from './quiet-points';

/** An MPEG-2 Layer III frame at 24 kHz, mono: 8 kbit/s (silence, 24 bytes) or 32 kbit/s (speech, 96 bytes). */
function frame(kbps: 8 | 32, marked = false): Uint8Array {
  const out = new Uint8Array(kbps === 8 ? 24 : 96);
  out[0] = 0xff;
  out[1] = 0xf3;
  out[2] = ((kbps === 8 ? 1 : 4) << 4) | (1 << 2) | (marked ? 1 : 0);
  out[3] = 0xc0;
  return out;
}

const close = (ranges: Array<{ from: number; to: number }>) => ranges.map((r) => [Math.round(r.from * 1000), Math.round(r.to * 1000)]);

describe('QuietFinder', () => {
  it('finds the silence between pieces and the moment before a marked first frame, in media time, however the bytes are cut', () => {
    // 3 frames of silence, a piece of 4 frames, at once another piece of 2 (its first marked), then 2 of silence.
    const stream = concat([frame(8), frame(8), frame(8), frame(32, true), frame(32), frame(32), frame(32), frame(32, true), frame(32), frame(8), frame(8)]);
    const whole = new QuietFinder().push(stream);
    // Frames are 24 ms: silence 0–72 ms (the first piece's mark joins it), 60 ms before the second piece at 168 ms, silence 216–264 ms.
    expect(close(whole)).toEqual([[0, 72], [108, 168], [216, 264]]);
    // The same bytes in chunks that split frames: the same ranges, joined where they touch.
    const finder = new QuietFinder();
    const ranges = new QuietRanges();
    for (let i = 0; i < stream.length; i += 17) ranges.add(finder.push(stream.subarray(i, i + 17)));
    const seen: Array<{ from: number; to: number }> = [];
    for (let r = ranges.next(-1, 0); r; r = ranges.next(r.to, 0)) seen.push({ ...r });
    expect(close(seen)).toEqual(close(whole));
  });

  it('leaves the silent frames out while asked to, never a word, and tells the quiet on the timeline kept', () => {
    let behind = true;
    const asked: number[] = [];
    const finder = new QuietFinder((keptS) => {
      asked.push(Math.round(keptS * 1000));
      return behind;
    });
    // Behind: the silence before a piece is left out, the piece is kept whole.
    const first = finder.take(concat([frame(8), frame(8), frame(32, true), frame(32)]));
    expect(first.kept).toEqual(concat([frame(32, true), frame(32)]));
    expect(close(first.ranges)).toEqual([[0, 0]]);
    // At the live edge again: silence is kept, 48 ms after the kept piece (not 96).
    behind = false;
    const second = finder.take(concat([frame(8), frame(8)]));
    expect(second.kept).toEqual(concat([frame(8), frame(8)]));
    expect(close(second.ranges)).toEqual([[48, 96]]);
    // Asked with the seconds kept before each silent frame.
    expect(asked).toEqual([0, 0, 48, 72]);
    // A frame cut by a chunk's end waits whole for the next chunk.
    const whole = frame(32);
    expect(finder.take(whole.subarray(0, 50)).kept).toEqual(new Uint8Array(0));
    expect(finder.take(whole.subarray(50)).kept).toEqual(whole);
  });

  it('tells how far into a pause each silent frame is, and whether a chunk carried speech', () => {
    const pauses: number[] = [];
    const finder = new QuietFinder((_keptS, _frameS, pauseS) => {
      pauses.push(Math.round(pauseS * 1000));
      return false;
    });
    expect(finder.take(concat([frame(32, true), frame(8), frame(8)])).speech).toBe(true);
    // The pause goes on across chunks, and starts again after the next word.
    expect(finder.take(concat([frame(8)])).speech).toBe(false);
    finder.take(concat([frame(32, true), frame(8)]));
    expect(pauses).toEqual([0, 24, 48, 0]);
  });

  it('appends copies of the stream’s silent frame after what it kept, told as quiet on the same timeline', () => {
    const finder = new QuietFinder(() => false);
    expect(finder.silence(3).bytes).toEqual(new Uint8Array(0));
    finder.take(concat([frame(8), frame(32, true), frame(32)]));
    expect(finder.silentFrameS).toBeCloseTo(0.024);
    const bridged = finder.silence(2);
    expect(bridged.bytes).toEqual(concat([frame(8), frame(8)]));
    expect(close(bridged.ranges)).toEqual([[72, 120]]);
    expect(Math.round(finder.keptS * 1000)).toBe(120);
    // The stream's next frames follow the appended ones.
    expect(close(finder.take(frame(8)).ranges)).toEqual([[120, 144]]);
  });

  it('says nothing of speech within a piece: a speed change there would cut a word', () => {
    const ranges = new QuietFinder().push(concat([frame(32), frame(32, true), frame(32), frame(32), frame(32)]));
    // Only the moment before the marked frame at 24 ms: none of the 72 ms of speech after it.
    expect(close(ranges)).toEqual([[0, 24]]);
  });
});

describe('QuietRanges', () => {
  it('answers the next range with time left in it, forgetting those behind the playhead', () => {
    const ranges = new QuietRanges();
    ranges.add([{ from: 1, to: 1.5 }, { from: 3, to: 3.06 }]);
    expect(ranges.next(0.5, 0.02)).toEqual({ from: 1, to: 1.5 });
    expect(ranges.next(1.49, 0.02)).toEqual({ from: 3, to: 3.06 });
    expect(ranges.next(3.05, 0.02)).toBeNull();
  });
});
