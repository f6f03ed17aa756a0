import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_GOOGLE_KEY, startMockGoogle, type Loopback } from '../../../test/mock-engines';
import { GoogleTranslator } from './google-translator';
import type { TranslationError } from './translator';

let mock: Loopback;
beforeAll(async () => { mock = await startMockGoogle(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

const google = (key = MOCK_GOOGLE_KEY) => new GoogleTranslator({ key, baseUrlOverride: mock.url, sleep: async () => {} });

describe('Google Translation client', () => {
  it("sends the basic edition's request: the key in the query, q, source, target and format", async () => {
    const out = await google().translate('Grace and peace', 'en', ['zh-Hans']);
    expect(out).toEqual({ 'zh-Hans': '[zh-CN] Grace and peace' });
    const req = mock.last('/language/translate/v2')!;
    expect(req.query).toEqual({ key: [MOCK_GOOGLE_KEY] });
    expect(req.json).toEqual({ q: ['Grace and peace'], source: 'en', target: 'zh-CN', format: 'text' });
  });

  it('sends glossary placeholders as html', async () => {
    await google().translate('<span class="notranslate" id="g0">Paul</span> wrote', 'en', ['pt'], { textType: 'html' });
    expect(mock.last('/language/translate/v2')!.json).toMatchObject({ format: 'html' });
  });

  it("reads a wrong key from Google's 400 INVALID_ARGUMENT body", async () => {
    const err = (await google('AIza-wrong').translate('Amen', 'en', ['pt']).catch((e: unknown) => e)) as TranslationError;
    expect(err.status).toBe(400);
    expect(err.kind).toBe('auth');
    expect(err.message).not.toContain('API key not valid');
  });

  it('learns which languages it has', async () => {
    const t = google();
    await t.loadLanguages();
    expect(['pt', 'es', 'id', 'zh-Hans', 'ar', 'hi'].every((c) => t.supports(c))).toBe(true);
    expect(t.supports('tlh')).toBe(false);
  });
});
