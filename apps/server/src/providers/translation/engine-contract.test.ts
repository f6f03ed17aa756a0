import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MOCK_DEEPL_KEY, MOCK_GOOGLE_KEY, MOCK_LIBRE_KEY, MOCK_OPENAI_KEY, MOCK_OPENAI_MODEL,
  startMockDeepL, startMockGoogle, startMockLibreTranslate, startMockOpenAI, type Loopback,
} from '../../../test/mock-engines';
import { DeepLTranslator } from './deepl-translator';
import type { EngineHttpOptions } from './engine-http';
import { GoogleTranslator } from './google-translator';
import { LibreTranslator } from './libre-translator';
import { OpenAITranslator } from './openai-translator';
import { TranslationError, type Translator } from './translator';

/**
 * What every engine promises (decision 033), checked against each one's loopback server: several
 * languages per line, glossary placeholders untouched, retries on 429 (honouring Retry-After) and
 * 5xx, a timeout, a partial line tried once, a wrong key answered in plain words, usage reported.
 */
interface EngineCase {
  name: string;
  start(): Promise<Loopback>;
  /** The path translation requests go to. */
  path: string;
  make(mock: Loopback, http: EngineHttpOptions, key?: string): Translator;
  /** Requests one line costs for `targets` languages. */
  requestsFor(targets: number): number;
  /** How the mock renders a translation into `code` (its own code for the language). */
  rendered(code: string): string;
}

const cases: EngineCase[] = [
  {
    name: 'DeepL', path: '/v2/translate', start: () => startMockDeepL(),
    make: (mock, http, key = MOCK_DEEPL_KEY) => new DeepLTranslator({ ...http, key, baseUrlOverride: mock.url }),
    requestsFor: (n) => n, rendered: (code) => ({ pt: 'PT-BR', es: 'ES', 'zh-Hans': 'ZH-HANS' })[code] ?? code.toUpperCase(),
  },
  {
    name: 'Google', path: '/language/translate/v2', start: () => startMockGoogle(),
    make: (mock, http, key = MOCK_GOOGLE_KEY) => new GoogleTranslator({ ...http, key, baseUrlOverride: mock.url }),
    requestsFor: (n) => n, rendered: (code) => ({ 'zh-Hans': 'zh-CN' })[code] ?? code,
  },
  {
    name: 'LibreTranslate', path: '/translate', start: () => startMockLibreTranslate({ key: MOCK_LIBRE_KEY }),
    make: (mock, http, key = MOCK_LIBRE_KEY) => new LibreTranslator({ ...http, url: 'https://translate.church.example', key, baseUrlOverride: mock.url }),
    requestsFor: (n) => n, rendered: (code) => code,
  },
  {
    name: 'OpenAI-compatible model', path: '/v1/chat/completions', start: () => startMockOpenAI(),
    make: (mock, http, key = MOCK_OPENAI_KEY) => new OpenAITranslator({ ...http, url: 'https://api.openai.com/v1', model: MOCK_OPENAI_MODEL, key, baseUrlOverride: `${mock.url}/v1` }),
    requestsFor: () => 1, rendered: (code) => code,
  },
];

describe.each(cases)('$name client', (c) => {
  let mock: Loopback;
  beforeAll(async () => { mock = await c.start(); });
  afterAll(async () => { await mock.close(); });
  beforeEach(() => { mock.reset(); });

  function engine(overrides: EngineHttpOptions = {}, key?: string) {
    const waits: number[] = [];
    const t = c.make(mock, { sleep: async (ms) => { waits.push(ms); }, ...overrides }, key);
    return { t, waits };
  }

  it('translates one line into three languages', async () => {
    const { t } = engine();
    const out = await t.translate('Grace and peace to you.', 'en', ['pt', 'es', 'zh-Hans']);
    expect(out).toEqual({
      pt: `[${c.rendered('pt')}] Grace and peace to you.`,
      es: `[${c.rendered('es')}] Grace and peace to you.`,
      'zh-Hans': `[${c.rendered('zh-Hans')}] Grace and peace to you.`,
    });
    expect(mock.count(c.path)).toBe(c.requestsFor(3));
  });

  it('gives glossary placeholders back untouched in HTML mode', async () => {
    const { t } = engine();
    const html = 'Then <span class="notranslate" id="g0">Nehemiah</span> prayed &amp; wept';
    const out = await t.translate(html, 'en', ['pt'], { textType: 'html' });
    expect(out.pt).toBe(`[${c.rendered('pt')}] THEN <span class="notranslate" id="g0">Nehemiah</span> PRAYED &amp; WEPT`);
  });

  it('waits as Retry-After says on a 429, then succeeds', async () => {
    const { t, waits } = engine();
    mock.failNext({ status: 429, retryAfter: 1, path: c.path });
    const out = await t.translate('Amen and amen', 'en', ['es']);
    expect(out.es).toBe(`[${c.rendered('es')}] Amen and amen`);
    expect(waits).toEqual([1000]);
    expect(mock.requests.filter((r) => r.path === c.path).map((r) => r.status)).toEqual([429, 200]);
  });

  it('retries a 500 and a 503 with growing backoff', async () => {
    const { t, waits } = engine({ retryBaseDelayMs: 100 });
    mock.failNext({ status: 500, path: c.path });
    mock.failNext({ status: 503, path: c.path });
    await t.translate('Amen and amen', 'en', ['es']);
    expect(waits).toHaveLength(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
  });

  it('gives up with a server error when the budget runs out', async () => {
    let clock = 0;
    const { t } = engine({ retryBudgetMs: 1000, now: () => clock, sleep: async (ms) => { clock += ms; } });
    mock.failNext({ status: 503, count: 50, path: c.path });
    const err = await t.translate('Amen and amen', 'en', ['es']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranslationError);
    expect((err as TranslationError).kind).toBe('server');
    expect((err as TranslationError).message).toMatch(/answered with an error \(HTTP 503\)/);
  });

  it('tries a partial line once, without retrying a 500', async () => {
    const { t, waits } = engine();
    mock.failNext({ status: 500, path: c.path });
    const err = await t.translate('And the Lord said', 'en', ['es'], { purpose: 'partial' }).catch((e: unknown) => e);
    expect((err as TranslationError).kind).toBe('server');
    expect(mock.count(c.path)).toBe(1);
    expect(waits).toEqual([]);
  });

  it('abandons a request that takes too long', async () => {
    const { t } = engine({ retryBudgetMs: 300 });
    mock.failNext({ hangMs: 1500, count: 5, path: c.path });
    const started = Date.now();
    const err = await t.translate('Amen and amen', 'en', ['es']).catch((e: unknown) => e);
    expect((err as TranslationError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('says plainly that a wrong key was refused', async () => {
    const { t } = engine({}, 'wrong-key-1234');
    const err = await t.translate('Amen and amen', 'en', ['es']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranslationError);
    expect((err as TranslationError).kind).toBe('auth');
    expect((err as TranslationError).message).toMatch(/^The engine refused the key \(HTTP \d+\)$/);
    expect((err as TranslationError).message).not.toContain('wrong-key-1234');
  });

  it('reports what the line cost', async () => {
    const { t } = engine();
    let units = 0;
    await t.translate('Grace and peace to you.', 'en', ['pt', 'es'], { onUsage: (n) => { units += n; } });
    expect(units).toBeGreaterThan(0);
    // Characters engines bill every target; a model bills tokens.
    if (c.requestsFor(2) === 2) expect(units).toBe('Grace and peace to you.'.length * 2);
  });
});
