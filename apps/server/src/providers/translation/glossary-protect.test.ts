import { describe, expect, it } from 'vitest';
import { DemoTranslator } from './demo-translator';
import { correctLine, GlossaryMatcher, type MatcherEntry } from '../../lib/glossary-matcher';
import { protect, translateWithGlossary } from './glossary-protect';

const entries: MatcherEntry[] = [
  { term: 'Harbour City Church', kind: 'keep', translations: {} },
  { term: 'grace', kind: 'fixed', translations: { pt: 'graça', es: 'gracia' } },
  { term: 'Nehemiah', kind: 'keep', translations: {}, heardAs: ['Nee hemiah', 'knee Maya'] },
  { term: 'John', kind: 'fixed', translations: { pt: 'João' }, beforeNumber: true },
  { term: '1 John', kind: 'fixed', translations: { pt: '1 João' } },
  { term: 'Holy Spirit', kind: 'fixed', translations: { 'zh-Hans': '圣灵' } },
  { term: '约翰福音', kind: 'fixed', translations: { en: 'John' } },
  { term: '主', kind: 'fixed', translations: { en: 'Lord' } },
];
const matcher = new GlossaryMatcher(entries);

describe('glossary matcher', () => {
  it('finds whole words ignoring case and accents, the longest term first', () => {
    const found = matcher.match('Welcome to harbour city CHURCH: 1 John 4 says grace, not graceful.');
    expect(found.map((m) => m.term.term)).toEqual(['Harbour City Church', '1 John', 'grace']);
  });

  it('matches a book that is also a name only before a chapter number', () => {
    expect(matcher.match('John said to read John 15').map((m) => [m.term.term, m.start])).toEqual([['John', 18]]);
  });

  it('reads Chinese character by character but never matches one character alone', () => {
    expect(matcher.match('请翻到约翰福音15章，主要的意思').map((m) => m.term.term)).toEqual(['约翰福音']);
  });

  it('replaces misheard variants with the term', () => {
    expect(correctLine('Today we read nee Hemiah and Knee maya.', matcher).text).toBe('Today we read Nehemiah and Nehemiah.');
  });

  it('protects terms in notranslate spans and puts each language’s word back', () => {
    const line = protect('Grace & peace from Harbour City Church <3', matcher);
    expect(line.textType).toBe('html');
    expect(line.text).toBe('<span class="notranslate" id="g0">Grace</span> &amp; peace from <span class="notranslate" id="g1">Harbour City Church</span> &lt;3');
    const reordered = '<span class="notranslate" id="g1">x</span> paz &amp; <span class="notranslate" id="g0">y</span> &lt;3';
    expect(line.restore('pt', reordered)).toBe('Harbour City Church paz & graça <3');
    expect(line.restore('id', reordered)).toBe('Harbour City Church paz & grace <3');
  });

  it('sends plain text when nothing matches', () => {
    expect(protect('Nothing here', matcher)).toMatchObject({ text: 'Nothing here', textType: 'plain' });
  });

  it('translates once for every language with the demo translator honouring the glossary', async () => {
    const out = await translateWithGlossary(new DemoTranslator(), 'Nee hemiah spoke of grace and the Holy Spirit', 'en', ['pt', 'es', 'zh-Hans'], matcher);
    expect(out.corrected).toBe('Nehemiah spoke of grace and the Holy Spirit');
    expect(out.byLanguage).toEqual({
      pt: '[PT demo] Nehemiah spoke of graça and the Holy Spirit',
      es: '[ES demo] Nehemiah spoke of gracia and the Holy Spirit',
      'zh-Hans': '[ZH-HANS demo] Nehemiah spoke of grace and the 圣灵',
    });
  });

  it('takes time that does not grow with the glossary', () => {
    const big = new GlossaryMatcher(Array.from({ length: 20_000 }, (_, i) => ({ term: `Name${i} Surname${i}`, kind: 'keep' as const, translations: {} })));
    const line = 'Welcome everyone to Harbour City Church, today we open Romans 8 and read about grace and Name19999 Surname19999.';
    const time = (m: GlossaryMatcher) => {
      const start = performance.now();
      for (let i = 0; i < 2000; i++) m.match(line);
      return (performance.now() - start) / 2000;
    };
    time(big);
    expect(time(big)).toBeLessThan(0.2);
  });
});
