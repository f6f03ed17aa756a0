import { describe, expect, it } from 'vitest';
import { splitUnits } from './word-units';

describe('splitting text into words', () => {
  it('keeps spaces and punctuation with the word before them, so the words join back into the text', () => {
    const text = 'Grace, and peace to you — says John 3:16.';
    const units = splitUnits(text, 'en');
    expect(units.join('')).toBe(text);
    expect(units.slice(0, 3)).toEqual(['Grace, ', 'and ', 'peace ']);
  });

  it('cuts a language written without spaces at its words', () => {
    expect(splitUnits('我们今天来读圣经。', 'zh-Hans')).toEqual(['我们', '今天', '来', '读', '圣经。']);
  });
});
