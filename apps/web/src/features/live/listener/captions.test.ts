import { describe, expect, it } from 'vitest';
import type { Caption } from '@app/shared';
import { lastFinalSeq, mergeCaptions } from './captions';

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
});
