import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MOCK_DEEPL_KEY, MOCK_GOOGLE_KEY, MOCK_OPENAI_KEY, MOCK_OPENAI_MODEL,
  startMockDeepL, startMockGoogle, startMockLibreTranslate, startMockOpenAI, type Loopback, type MockDeepL, type MockOpenAI,
} from '../../../test/mock-engines';
import { ChurchTranslator, PRIMARY_REST_MS } from './church-translator';
import { DeepLTranslator } from './deepl-translator';
import { GoogleTranslator } from './google-translator';
import { LibreTranslator } from './libre-translator';
import { OpenAITranslator } from './openai-translator';
import type { EngineCall } from './usage-meter';

let deeplMock: MockDeepL;
let googleMock: Loopback;
let libreMock: Loopback;
let modelMock: MockOpenAI;
beforeAll(async () => {
  [deeplMock, googleMock, libreMock, modelMock] = await Promise.all([startMockDeepL(), startMockGoogle(), startMockLibreTranslate(), startMockOpenAI()]);
});
afterAll(async () => { await Promise.all([deeplMock, googleMock, libreMock, modelMock].map((m) => m.close())); });
beforeEach(() => { for (const m of [deeplMock, googleMock, libreMock, modelMock]) m.reset(); });

// Retries wait on a clock the test owns: a budget of 2 s is spent at once.
let clock = 0;
const noWait = { sleep: async (ms: number) => { clock += ms; }, now: () => clock, retryBudgetMs: 2000 };
const deepl = () => new DeepLTranslator({ key: MOCK_DEEPL_KEY, baseUrlOverride: deeplMock.url, ...noWait });
const google = () => new GoogleTranslator({ key: MOCK_GOOGLE_KEY, baseUrlOverride: googleMock.url, ...noWait });
const libre = () => new LibreTranslator({ url: libreMock.url, ...noWait });
const model = () => new OpenAITranslator({ url: 'https://api.openai.com/v1', model: MOCK_OPENAI_MODEL, key: MOCK_OPENAI_KEY, baseUrlOverride: modelMock.baseUrl, ...noWait });

function church(first: ChurchTranslator['engines'][number]['translator'], second?: ChurchTranslator['engines'][number]['translator'], now?: () => number) {
  const calls: EngineCall[] = [];
  const engines = [{ slot: 'primary' as const, translator: first }, ...(second ? [{ slot: 'failover' as const, translator: second }] : [])];
  const t = new ChurchTranslator(engines, { id: '00000000-0000-4000-8000-000000000001', timeZone: 'Australia/Sydney' }, { record: (c) => calls.push(c) }, now);
  return { t, calls };
}

describe('a church translator with two engines', () => {
  it('uses the first engine while it works, and says so for every language', async () => {
    const { t, calls } = church(deepl(), google());
    expect(await t.translateTraced('Grace and peace', 'en', ['pt', 'es'])).toEqual({
      byLanguage: { pt: '[PT-BR] Grace and peace', es: '[ES] Grace and peace' },
      engineOf: { pt: 'deepl', es: 'deepl' },
    });
    expect(googleMock.count('/language/translate/v2')).toBe(0);
    expect(calls).toMatchObject([{ slot: 'primary', engine: 'deepl', purpose: 'final', ok: true, units: 'Grace and peace'.length * 2 }]);
  });

  it('hands the line to the second engine when the first keeps answering 500: nothing lost', async () => {
    const { t, calls } = church(deepl(), google());
    deeplMock.failNext({ status: 500, count: 100, path: '/v2/translate' });
    const out = await t.translateTraced('Grace and peace', 'en', ['pt', 'es', 'zh-Hans']);
    expect(out.engineOf).toEqual({ pt: 'google', es: 'google', 'zh-Hans': 'google' });
    expect(out.byLanguage['zh-Hans']).toBe('[zh-CN] Grace and peace');
    expect(deeplMock.count('/v2/translate')).toBeGreaterThan(3);
    expect(calls.map((c) => [c.engine, c.ok])).toEqual([['deepl', false], ['google', true]]);
    expect(calls[0]!.error).toBe('The engine answered with an error (HTTP 500)');
  });

  it('after such an outage sends the next lines to the second engine first, then tries the first again', async () => {
    const { t } = church(deepl(), google(), () => clock);
    deeplMock.failNext({ status: 503, count: 100, path: '/v2/translate' });
    await t.translateTraced('One', 'en', ['pt']);
    deeplMock.reset();
    expect((await t.translateTraced('Two', 'en', ['pt'])).engineOf).toEqual({ pt: 'google' });
    expect(deeplMock.count('/v2/translate')).toBe(0);
    clock += PRIMARY_REST_MS + 1;
    expect((await t.translateTraced('Three', 'en', ['pt'])).engineOf).toEqual({ pt: 'deepl' });
  });

  it('sends a language the first engine lacks to the second', async () => {
    const first = libre();
    await first.loadLanguages();
    const { t } = church(first, google());
    const out = await t.translateTraced('Grace and peace', 'en', ['pt', 'hi']);
    expect(out.engineOf).toEqual({ pt: 'libretranslate', hi: 'google' });
  });

  it('asks the engines which languages they have, then sends one the first lacks straight to the second', async () => {
    const { t, calls } = church(deepl(), google());
    await t.translateTraced('Grace and peace', 'en', ['pt']);
    await vi.waitFor(() => expect(deeplMock.count('/v2/languages')).toBe(1));
    await vi.waitFor(() => expect(googleMock.count('/language/translate/v2/languages')).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    deeplMock.reset();
    const out = await t.translateTraced('Amen and amen', 'en', ['pt', 'hi']);
    expect(out.engineOf).toEqual({ pt: 'deepl', hi: 'google' });
    expect(deeplMock.requests.map((r) => (r.json as { target_lang?: string }).target_lang)).toEqual(['PT-BR']);
    expect(calls.every((c) => c.ok)).toBe(true);
    // Asked once, not on every line.
    await t.translateTraced('Hallelujah', 'en', ['pt']);
    expect(deeplMock.count('/v2/languages')).toBe(0);
  });

  it('falls back when the model answers invalidly, and bills the tokens it spent', async () => {
    const { t, calls } = church(model(), deepl());
    modelMock.answerNext(() => JSON.stringify({ pt: 'Graça e paz' }));
    const out = await t.translateTraced('Grace and peace to you', 'en', ['pt', 'es']);
    expect(out.engineOf).toEqual({ pt: 'deepl', es: 'deepl' });
    expect(calls[0]).toMatchObject({ engine: 'openai', ok: false, error: 'The model answered with no es translation' });
    expect(calls[0]!.units).toBeGreaterThan(0);
  });

  it('tries a partial line on the first engine only, once', async () => {
    const { t, calls } = church(deepl(), google());
    deeplMock.failNext({ status: 500, path: '/v2/translate' });
    await expect(t.translateTraced('And the', 'en', ['pt'], { purpose: 'partial' })).rejects.toThrow(/answered with an error|refused the key/);
    expect(deeplMock.count('/v2/translate')).toBe(1);
    expect(googleMock.count('/language/translate/v2')).toBe(0);
    expect(calls).toMatchObject([{ purpose: 'partial', ok: false }]);
  });

  it('leaves out what neither engine could translate, keeping the rest', async () => {
    const { t } = church(deepl(), google());
    deeplMock.failNext({ status: 500, count: 100, path: '/v2/translate' });
    googleMock.failNext({ status: 400, message: 'Bad language pair: en|es', count: 1, path: '/language/translate/v2' });
    const out = await t.translateTraced('Grace and peace', 'en', ['es', 'pt']);
    expect(Object.keys(out.byLanguage)).toHaveLength(1);
  });
});
