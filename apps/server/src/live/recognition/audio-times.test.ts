import { describe, expect, it } from 'vitest';
import { AudioTimes } from './audio-times';

/** 100 ms frames of 1,600 samples, as the speaker's page sends them (decision 038). */
const FRAME = 1600;

describe('when a sample of the speaker’s audio was said', () => {
  it('is its frame’s arrival less the audio after it, when frames come in real time', () => {
    const times = new AudioTimes();
    for (let i = 0; i < 10; i++) times.arrived(i * FRAME, FRAME, 1000 + (i + 1) * 100);
    expect(times.saidAt(0)).toBe(1000);
    expect(times.saidAt(5 * FRAME + 800)).toBe(1550);
  });

  it('puts frames the page held while offline back in their time, from the first prompt frame after them', () => {
    const times = new AudioTimes();
    // 3 s held by the page arrive at once at 10 s, then live frames follow in real time.
    for (let i = 0; i < 30; i++) times.arrived(i * FRAME, FRAME, 10_000);
    for (let i = 30; i < 35; i++) times.arrived(i * FRAME, FRAME, 10_000 + (i - 29) * 100);
    expect(times.saidAt(0)).toBe(7_000);
    expect(times.saidAt(15 * FRAME)).toBe(8_500);
  });

  it('is not moved later by frames the page had to drop, and is unknown past the last frame', () => {
    const times = new AudioTimes();
    times.arrived(0, FRAME, 1100);
    // Half a minute of frames lost: the next starts further on in the ring and 30 s later.
    times.arrived(FRAME, FRAME, 31_200);
    expect(times.saidAt(0)).toBe(1000);
    expect(times.saidAt(3 * FRAME)).toBeUndefined();
  });
});
