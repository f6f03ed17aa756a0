import { describe, expect, it } from 'vitest';
import { HEARD_MAX_RATE, playbackRateFor } from './voice-playback';

describe('how a phone plays the voice stream', () => {
  it.each([
    // seconds ahead, rate now, rate
    [0.4, 1, 1],
    [2, 1, 1],
    [3, 1, 1.1],
    [2.2, 1.1, 1.1],
    [1.5, 1.1, 1],
    [30, 1, 1.1],
  ])('with %s s ahead at %s× plays at %s×', (ahead, rate, expected) => {
    expect(playbackRateFor(ahead, rate)).toBe(expected);
  });

  it('is never heard past 1.3×, the server’s speed-up and the phone’s together', () => {
    expect(HEARD_MAX_RATE).toBeLessThanOrEqual(1.3);
  });
});
