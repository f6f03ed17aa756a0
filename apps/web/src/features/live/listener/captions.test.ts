import { describe, expect, it } from 'vitest';
import type { Caption } from '@app/shared';
import { lastFinalSeq, mergeCaptions, mergeInProgress, withoutFinalised } from './captions';

const sermonId = '4b3c2d1e-0f9a-4b8c-9d7e-6f5a4b3c2d1e';
const cap = (seq: number, text: string, extra: Partial<Caption> = {}): Caption => ({
  sermonId, seq, language: 'es', text, final: true, provider: 'demo', ...extra,
});

describe('captions', () => {
  it('keeps finals in seq order, one per seq, whatever order they arrive in', () => {
    const list = mergeCaptions([], [cap(2, 'b'), cap(1, 'a')], 'es');
    const again = mergeCaptions(list, [cap(2, 'b again'), cap(3, 'c')], 'es');
    expect(again.map((c) => [c.seq, c.text])).toEqual([[1, 'a'], [2, 'b again'], [3, 'c']]);
    expect(lastFinalSeq(again)).toBe(3);
  });

  it('ignores interim text and captions of another language', () => {
    const list = mergeCaptions([], [cap(1, 'partial', { final: false }), cap(2, 'en', { language: 'en' })], 'es');
    expect(list).toEqual([]);
    expect(lastFinalSeq(list)).toBe(0);
  });

  it('keeps one line in progress per seq after the last final, the newest text of each', () => {
    const partial = (seq: number, text: string, extra: Partial<Caption> = {}) => cap(seq, text, { final: false, ...extra });
    let list = mergeInProgress([], partial(3, 'Graça e'), 'es', 2);
    list = mergeInProgress(list, partial(3, 'Graça e paz para'), 'es', 2);
    // The next line's partial can come before this line's final: both are in progress.
    list = mergeInProgress(list, partial(4, 'Hoje'), 'es', 2);
    expect(list.map((c) => [c.seq, c.text])).toEqual([[3, 'Graça e paz para'], [4, 'Hoje']]);
    // Late partials of a finished line, another language's, and final captions are not in progress.
    expect(mergeInProgress(list, partial(2, 'late'), 'es', 2)).toBe(list);
    expect(mergeInProgress(list, partial(5, 'other', { language: 'pt' }), 'es', 2)).toBe(list);
    expect(mergeInProgress(list, cap(5, 'final'), 'es', 2)).toBe(list);
    // An empty text takes the line back.
    expect(mergeInProgress(list, partial(4, ''), 'es', 2).map((c) => c.seq)).toEqual([3]);
    // The final of line 3 replaces its partial; line 4 is still being said.
    expect(withoutFinalised(list, 3).map((c) => c.seq)).toEqual([4]);
  });
});
