import { describe, expect, it } from 'vitest';
import { parseLanguages } from './projector-page';

describe('parseLanguages', () => {
  it('keeps the offered languages of ?languages=, in order, at most three, without repeats', () => {
    const offered = ['en', 'pt', 'es', 'id', 'zh-Hans'];
    expect(parseLanguages('pt,es', offered)).toEqual(['pt', 'es']);
    expect(parseLanguages('es, es ,xx,pt,id,zh-Hans', offered)).toEqual(['es', 'pt', 'id']);
    expect(parseLanguages(null, offered)).toEqual([]);
  });
});
