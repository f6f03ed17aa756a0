import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_DEEPL_KEY, startMockDeepL, type MockDeepL } from '../../../test/mock-engines';
import { DEEPL_FREE_URL, DEEPL_PRO_URL, DeepLTranslator, deeplBaseUrl } from './deepl-translator';
import { PartialTranslation, TranslationError } from './translator';

let mock: MockDeepL;
beforeAll(async () => { mock = await startMockDeepL(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

const deepl = () => new DeepLTranslator({ key: MOCK_DEEPL_KEY, baseUrlOverride: mock.url, sleep: async () => {} });

describe('DeepL client', () => {
  it("sends DeepL's documented request: the key header, a text array, source and target codes", async () => {
    await deepl().translate('Grace & peace', 'en', ['pt']);
    const req = mock.last('/v2/translate')!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe(`DeepL-Auth-Key ${MOCK_DEEPL_KEY}`);
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(req.json).toEqual({ text: ['Grace & peace'], source_lang: 'EN', target_lang: 'PT-BR' });
    expect(mock.characters()).toBe('Grace & peace'.length);
  });

  it('asks for tag handling only when glossary placeholders travel in the text', async () => {
    await deepl().translate('<span class="notranslate" id="g0">Paul</span> wrote', 'en', ['es'], { textType: 'html' });
    expect(mock.last('/v2/translate')!.json).toMatchObject({ tag_handling: 'html', target_lang: 'ES' });
  });

  it('sends a free key to the free host and any other to the paid one', () => {
    expect(deeplBaseUrl('abc:fx')).toBe(DEEPL_FREE_URL);
    expect(deeplBaseUrl('abc')).toBe(DEEPL_PRO_URL);
    expect(deeplBaseUrl('abc:fx', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9');
  });

  it('says the quota is used up (456)', async () => {
    mock.setCharacterLimit(5);
    const err = (await deepl().translate('Grace and peace', 'en', ['pt']).catch((e: unknown) => e)) as TranslationError;
    expect(err.kind).toBe('quota');
    expect(err.message).toBe("The engine's account is out of quota (HTTP 456)");
  });

  it('keeps the languages that came back when another failed', async () => {
    mock.failNext({ status: 400, message: "Value for 'target_lang' not supported.", path: '/v2/translate' });
    const err = await deepl().translate('Amen', 'en', ['pt', 'es']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialTranslation);
    expect(Object.keys((err as PartialTranslation).done)).toHaveLength(1);
    expect((err as PartialTranslation).message).toBe('The engine answered with an error (HTTP 400)');
  });

  it("keeps to DeepL's rate limit: languages refused with 429 wait out Retry-After, then come back", async () => {
    const limited = await startMockDeepL({ maxRequestsPerSecond: 2 });
    try {
      const waits: number[] = [];
      const t = new DeepLTranslator({ key: MOCK_DEEPL_KEY, baseUrlOverride: limited.url, sleep: async (ms) => { waits.push(ms); await new Promise((r) => setTimeout(r, ms)); } });
      const out = await t.translate('Amen and amen', 'en', ['pt', 'es', 'id', 'zh-Hans']);
      expect(Object.keys(out).sort()).toEqual(['es', 'id', 'pt', 'zh-Hans']);
      expect(limited.requests.filter((r) => r.status === 429)).toHaveLength(2);
      expect(waits).toEqual([1000, 1000]);
    } finally {
      await limited.close();
    }
  });

  it('learns which listening languages the account lacks', async () => {
    const t = deepl();
    expect(t.supports('hi')).toBe(true);
    await t.loadLanguages();
    expect(mock.last('/v2/languages')!.query).toEqual({ type: ['target'] });
    expect(t.supports('hi')).toBe(false);
    expect(['pt', 'es', 'id', 'zh-Hans', 'ar', 'en'].every((c) => t.supports(c))).toBe(true);
  });
});
