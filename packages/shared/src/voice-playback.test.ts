import { describe, expect, it } from 'vitest';
import { playbackRateFor } from './voice-playback';

describe('how a phone plays the voice stream', () => {
  it.each([
    // seconds ahead, rate now, server's rate, rate
    [0.4, 1, 1, 1],
    [0.9, 1, 1, 1],
    [1.5, 1, 1, 1.25],
    [0.8, 1.25, 1, 1.25],
    [0.5, 1.25, 1, 1],
    [3, 1, 1.2, 1.08],
    [3, 1, 1.3, 1],
  ])('with %s s ahead at %s× (server %s×) plays at %s×', (ahead, rate, server, expected) => {
    expect(playbackRateFor(ahead, rate, server)).toBe(expected);
  });

  it('never goes past 1.3× together with the server’s speed-up', () => {
    for (const server of [1, 1.1, 1.2, 1.3]) {
      for (let ahead = 0; ahead < 20; ahead += 0.25) expect(playbackRateFor(ahead, 1.25, server) * server).toBeLessThanOrEqual(1.3001);
    }
  });
});
