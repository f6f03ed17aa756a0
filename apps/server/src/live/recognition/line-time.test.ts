import { describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, lineSpokenAt, MAX_LINE_AGE_MS } from './line-time';

const start = 1_700_000_000_000;
const arrived = start + 30 * 60_000;

describe('when a line was said', () => {
  it.each([
    ['the page’s time, 20 s before a final that waited out a restart', { claimed: arrived - 20_000 }, arrived - 20_000],
    ['the page’s time over this process’s own note', { claimed: arrived - 20_000, heardFirstAt: arrived - 5_000 }, arrived - 20_000],
    ['this process’s note when the page says nothing (an older page)', { heardFirstAt: arrived - 3_000 }, arrived - 3_000],
    ['the arrival when neither knows (a typed line from an older page)', {}, arrived],
    ['the arrival for a time in the future', { claimed: arrived + CLOCK_TOLERANCE_MS + 1 }, arrived],
    ['the arrival for a time ahead by a clock’s slip, clamped to it', { claimed: arrived + 500 }, arrived],
    ['this process’s note when the page’s time is before the sermon began', { claimed: start - 60_000, heardFirstAt: arrived - 2_000 }, arrived - 2_000],
    ['the sermon’s start for a time a clock’s slip before it', { claimed: start - 500 }, start],
    ['the arrival for a time absurdly old', { claimed: arrived - MAX_LINE_AGE_MS - 1 }, arrived],
    ['the arrival for a time that is not a number', { claimed: Number.NaN }, arrived],
  ])('takes %s', (_what, input, expected) => {
    expect(lineSpokenAt({ ...input, arrivedAt: arrived, sermonStartedAt: start })).toBe(expected);
  });

  it('keeps an hour-old line of a long sermon said while the server was down', () => {
    const late = start + 3 * 60 * 60_000;
    expect(lineSpokenAt({ claimed: late - 60 * 60_000, arrivedAt: late, sermonStartedAt: start })).toBe(late - 60 * 60_000);
  });
});
