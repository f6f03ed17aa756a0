import { describe, expect, it } from 'vitest';
import { splitParagraphs } from './split';

describe('prepared text paragraphs', () => {
  it('splits on blank lines and keeps a stanza’s lines together', () => {
    expect(splitParagraphs('Amazing grace\nhow sweet the sound\n\n\nThat saved a wretch like me\r\n\r\nThe end')).toEqual([
      'Amazing grace\nhow sweet the sound', 'That saved a wretch like me', 'The end',
    ]);
  });

  it('drops Markdown layout but keeps the words', () => {
    expect(splitParagraphs('# John 15\n\n> I am the **vine**, you are the [branches](https://x).\n\n---\n\n- Abide in me', true)).toEqual([
      'John 15', 'I am the vine, you are the branches.', 'Abide in me',
    ]);
  });

  it('cuts a paragraph too long for one caption after a sentence', () => {
    const long = `${'Grace upon grace. '.repeat(80)}`.trim();
    const parts = splitParagraphs(long);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(1000);
    expect(parts.join(' ')).toBe(long);
  });
});
