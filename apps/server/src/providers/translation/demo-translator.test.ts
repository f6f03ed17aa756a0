import { describe, expect, it } from 'vitest';
import { DemoTranslator } from './demo-translator';

describe('demo translator', () => {
  it('labels every line as a demo translation into its language', async () => {
    const t = new DemoTranslator();
    expect(t.kind).toBe('demo');
    expect(await t.translate('Grace and peace to you.', 'en', ['es', 'zh-Hans', 'en'])).toEqual({
      es: '[ES demo] Grace and peace to you.',
      'zh-Hans': '[ZH-HANS demo] Grace and peace to you.',
    });
  });

  it('leaves the label to the sentence a partial is one piece of (decision 030)', async () => {
    const t = new DemoTranslator();
    expect(await t.translate('grace and peace', 'en', ['es', 'pt'], { purpose: 'partial' })).toEqual({ es: 'grace and peace', pt: 'grace and peace' });
  });

  it('is deterministic', async () => {
    const t = new DemoTranslator();
    expect(await t.translate('Amen', 'en', ['pt'])).toEqual(await t.translate('Amen', 'en', ['pt']));
  });
});
