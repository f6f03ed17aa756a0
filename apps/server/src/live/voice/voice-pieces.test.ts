import { describe, expect, it } from 'vitest';
import { SpokenLines } from './voice-pieces';

describe('what the voice says of a line', () => {
  it('says each committed window of a translation once, then what the final adds', () => {
    const pt = new SpokenLines('pt');
    expect(pt.committed(1, 'Deus é')?.text).toBe('Deus é');
    expect(pt.committed(1, 'Deus é')).toBeNull();
    expect(pt.committed(1, 'Deus é bom o tempo')?.text).toBe('bom o tempo');
    const last = pt.final(1, 'Deus é bom o tempo todo.');
    expect(last).toMatchObject({ text: 'todo.', final: true, index: 2 });
  });

  it('says nothing more of a line once it is final, and nothing of an older line', () => {
    const es = new SpokenLines('es');
    expect(es.final(2, 'Hola a todos.')?.text).toBe('Hola a todos.');
    expect(es.committed(2, 'Hola a todos y')).toBeNull();
    expect(es.committed(1, 'Viejo')).toBeNull();
  });

  it('says a translation that failed as nothing, and ends the line', () => {
    const es = new SpokenLines('es');
    es.committed(3, 'Buenos días');
    expect(es.final(3, null)).toBeNull();
    expect(es.committed(3, 'Buenos días hermanos')).toBeNull();
  });

  it('says the spoken language’s words once two hypotheses agree, keeping back the newest', () => {
    const en = new SpokenLines('en');
    expect(en.hypothesis(1, 'grace and')).toBeNull();
    // Agreed by two hypotheses: grace and, two words, said at once.
    expect(en.hypothesis(1, 'grace and peace to')?.text).toBe('grace and');
    // Then peace to; the newest (you) waits for the next hypothesis.
    expect(en.hypothesis(1, 'grace and peace to you')?.text).toBe('peace to');
    // A revised word is not said: only what two hypotheses agree on.
    expect(en.hypothesis(1, 'grace and peace to all of the')).toBeNull();
    expect(en.final(1, 'Grace and peace to all of you.')?.text).toBe('all of you.');
  });

  it('cuts languages written without spaces at their words', () => {
    const zh = new SpokenLines('zh');
    const piece = zh.committed(1, '上帝是爱');
    expect(piece?.text).toBe('上帝是爱');
    expect(zh.final(1, '上帝是爱我们')?.text).toBe('我们');
  });
});
