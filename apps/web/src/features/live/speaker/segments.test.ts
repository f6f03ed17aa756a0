import { describe, expect, it, vi } from 'vitest';
import { createThrottle, splitSegment } from './segments';

describe('splitSegment', () => {
  it('keeps a normal line whole and tidies its spaces', () => {
    expect(splitSegment('  Grace   and peace.  ')).toEqual(['Grace and peace.']);
    expect(splitSegment('   ')).toEqual([]);
  });

  it('cuts a long paste at sentence ends within the limit', () => {
    const parts = splitSegment('One two three. Four five six. Seven eight nine.', 20);
    expect(parts).toEqual(['One two three.', 'Four five six.', 'Seven eight nine.']);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(20);
  });

  it('cuts a word that is longer than the limit rather than dropping it', () => {
    expect(splitSegment('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});

describe('createThrottle', () => {
  it('sends at once, then at most once per interval, ending with the latest value', () => {
    vi.useFakeTimers();
    let now = 0;
    const sent: string[] = [];
    const throttle = createThrottle<string>((v) => sent.push(v), 250, () => now);
    throttle.push('a');
    throttle.push('ab');
    throttle.push('abc');
    expect(sent).toEqual(['a']);
    now = 250;
    vi.advanceTimersByTime(250);
    expect(sent).toEqual(['a', 'abc']);
    throttle.push('abcd');
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['a', 'abc']);
    vi.useRealTimers();
  });
});
