import { describe, expect, it } from 'vitest';
import { clockOffset } from './clock-offset';

describe('the server clock offset', () => {
  it('takes the server’s answer to be halfway through the round trip', () => {
    // Sent at 1000, answered at 1200 by a server whose clock read 61_100: a minute ahead.
    expect(clockOffset(1000, 1200, 61_100)).toBe(60_000);
    expect(clockOffset(5000, 5040, 2020)).toBe(-3000);
  });
});
