import { describe, expect, it } from 'vitest';
import { termKey } from '../../lib/glossary-matcher';
import { starterRows } from './starter';
import { BIBLE_BOOK_COUNT, bibleBooks, coreTerms, starterLanguages } from './starter-glossary';

describe('starter glossary data', () => {
  it('has all 66 books in every listening language, none empty or repeated', () => {
    for (const language of starterLanguages) {
      const books = bibleBooks[language];
      expect(books, language).toHaveLength(BIBLE_BOOK_COUNT);
      for (const name of books) expect(name.trim(), language).not.toBe('');
      expect(new Set(books.map(termKey)).size, language).toBe(BIBLE_BOOK_COUNT);
    }
  });

  it('has every core term in every language', () => {
    for (const term of coreTerms) for (const language of starterLanguages) expect(term[language]?.trim(), `${term.en} ${language}`).toBeTruthy();
  });

  it('becomes one fixed entry per concept and spoken language, translated into the other six', () => {
    const rows = starterRows();
    expect(rows).toHaveLength((BIBLE_BOOK_COUNT + coreTerms.length) * starterLanguages.length);
    const john = rows.find((r) => r.language === 'es' && r.term === 'Juan')!;
    expect(john.translations).toEqual({ en: 'John', pt: 'João', id: 'Yohanes', 'zh-Hans': '约翰福音', ar: 'يوحنا', hi: 'यूहन्ना' });
    expect(rows.find((r) => r.language === 'en' && r.term === 'Mark')!.beforeNumber).toBe(true);
  });
});
