import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { AzureTranslator, translateUrl, type AzureTranslatorOptions } from './azure-translator';
import { TranslationError } from './translator';

let mock: MockAzure;
beforeAll(async () => { mock = await startMockAzure(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

/** A translator pointed at the mock; waits are recorded and skipped so tests stay fast. */
function translator(overrides: Partial<AzureTranslatorOptions> = {}) {
  const waits: number[] = [];
  const t = new AzureTranslator({
    key: MOCK_TRANSLATOR_KEY,
    region: 'australiaeast',
    baseUrlOverride: mock.url,
    sleep: async (ms) => { waits.push(ms); },
    ...overrides,
  });
  return { t, waits };
}

async function translationError(p: Promise<unknown>): Promise<TranslationError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(TranslationError);
  return err as TranslationError;
}

describe('Azure Translator client', () => {
  it('translates into every target language in one request', async () => {
    const { t } = translator();
    const result = await t.translate('Grace and peace to you.', 'en', ['pt', 'es', 'zh-Hans']);
    expect(result).toEqual({ pt: '[pt] Grace and peace to you.', es: '[es] Grace and peace to you.', 'zh-Hans': '[zh-Hans] Grace and peace to you.' });
    expect(mock.stats.counts.translate).toBe(1);
    const req = mock.stats.last('translate')!;
    expect(req.query).toEqual({ 'api-version': ['3.0'], from: ['en'], to: ['pt', 'es', 'zh-Hans'] });
  });

  it('sends the headers and body Azure expects', async () => {
    const { t } = translator();
    await t.translate('Grace & peace "to" you', 'en', ['pt']);
    const req = mock.stats.last('translate')!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/translate');
    expect(req.headers['ocp-apim-subscription-key']).toBe(MOCK_TRANSLATOR_KEY);
    expect(req.headers['ocp-apim-subscription-region']).toBe('australiaeast');
    expect(req.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(req.headers['x-clienttraceid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(req.body)).toEqual([{ Text: 'Grace & peace "to" you' }]);
  });

  it('uses the resource path for a custom endpoint', async () => {
    const { t } = translator({ endpoint: 'https://harbour.cognitiveservices.azure.com/' });
    expect(await t.translate('Amen', 'en', ['es'])).toEqual({ es: '[es] Amen' });
    expect(mock.stats.last('translate')!.path).toBe('/translator/text/v3.0/translate');
  });

  it('leaves out the region header for a global resource', async () => {
    const { t } = translator({ region: 'global' });
    await t.translate('Amen', 'en', ['es']);
    expect(mock.stats.last('translate')!.headers['ocp-apim-subscription-region']).toBeUndefined();
  });

  it('makes no request when there is nothing to translate into', async () => {
    const { t } = translator();
    expect(await t.translate('Amen', 'en', ['en'])).toEqual({});
    expect(await t.translate('Amen', 'en', [])).toEqual({});
    expect(mock.stats.counts.translate).toBe(0);
  });

  it('tries a partial line once: no retry of a 500, nothing waited', async () => {
    const { t, waits } = translator();
    mock.failNext({ status: 500 });
    const err = await translationError(t.translate('And the', 'en', ['pt'], { purpose: 'partial' }));
    expect(err.kind).toBe('server');
    expect(mock.stats.counts.translate).toBe(1);
    expect(waits).toEqual([]);
  });

  it('retries a 429, honouring Retry-After, then succeeds', async () => {
    const { t, waits } = translator();
    mock.failNext({ status: 429, retryAfter: 1, count: 2 });
    expect(await t.translate('Amen', 'en', ['pt', 'es'])).toEqual({ pt: '[pt] Amen', es: '[es] Amen' });
    expect(mock.stats.counts.translate).toBe(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('retries a 500 and a 503 with growing backoff', async () => {
    const { t, waits } = translator({ retryBaseDelayMs: 100 });
    mock.failNext({ status: 500 });
    mock.failNext({ status: 503 });
    expect(await t.translate('Amen', 'en', ['id'])).toEqual({ id: '[id] Amen' });
    expect(mock.stats.counts.translate).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(80);
    expect(waits[0]).toBeLessThanOrEqual(120);
    expect(waits[1]).toBeGreaterThanOrEqual(160);
    expect(waits[1]).toBeLessThanOrEqual(240);
  });

  it('gives up with a TranslationError once the retry budget is spent', async () => {
    // A fake clock that only the backoff waits move: the budget arithmetic is exact.
    let clock = 0;
    const waits: number[] = [];
    const t = new AzureTranslator({
      key: MOCK_TRANSLATOR_KEY, region: 'australiaeast', baseUrlOverride: mock.url, retryBudgetMs: 2500, retryBaseDelayMs: 200,
      now: () => clock,
      sleep: async (ms) => { waits.push(ms); clock += ms; },
    });
    mock.failNext({ status: 429, count: 1000 });
    const err = await translationError(t.translate('Amen', 'en', ['pt']));
    expect(err.status).toBe(429);
    expect(err.providerCode).toBe(429001);
    // In the server's own words (decision 041): never Azure's.
    expect(err.message).toBe('The engine asked to slow down (HTTP 429)');
    expect(err.message).not.toContain('exceeded request limits');
    expect(mock.stats.counts.translate).toBe(waits.length + 1);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(2500);
  });

  it('spends at most about the budget in real time', async () => {
    const t = new AzureTranslator({ key: MOCK_TRANSLATOR_KEY, baseUrlOverride: mock.url, retryBudgetMs: 400, retryBaseDelayMs: 50 });
    mock.failNext({ status: 503, count: 1000 });
    const started = Date.now();
    await translationError(t.translate('Amen', 'en', ['pt']));
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('does not sleep past the budget when Retry-After is longer than it', async () => {
    const { t, waits } = translator({ retryBudgetMs: 2500 });
    mock.failNext({ status: 429, retryAfter: 30, count: 5 });
    const err = await translationError(t.translate('Amen', 'en', ['pt']));
    expect(err.status).toBe(429);
    expect(waits).toEqual([]);
    expect(mock.stats.counts.translate).toBe(1);
  });

  it('does not retry a 401 (wrong key)', async () => {
    const { t } = translator({ key: 'not-the-key' });
    const err = await translationError(t.translate('Amen', 'en', ['pt']));
    expect(err.status).toBe(401);
    expect(err.providerCode).toBe(401000);
    expect(mock.stats.counts.translate).toBe(1);
  });

  it('does not retry a 400 for an unknown target language', async () => {
    const { t } = translator();
    const err = await translationError(t.translate('Amen', 'en', ['xx']));
    expect(err.status).toBe(400);
    expect(err.providerCode).toBe(400036);
    expect(mock.stats.counts.translate).toBe(1);
  });

  it('fails with a TranslationError when the service cannot be reached', async () => {
    const { t } = translator({ baseUrlOverride: 'http://127.0.0.1:9', retryBudgetMs: 300, retryBaseDelayMs: 50 });
    const err = await translationError(t.translate('Amen', 'en', ['pt']));
    expect(err.message).toBe('The address could not be reached');
  });

  it('aborts a hanging attempt when the budget runs out', async () => {
    mock.setLatency(2000);
    const t = new AzureTranslator({ key: MOCK_TRANSLATOR_KEY, baseUrlOverride: mock.url, retryBudgetMs: 300 });
    const started = Date.now();
    await translationError(t.translate('Amen', 'en', ['pt']));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('Azure Translator client, partial translations (decision 030)', () => {
  it('tries a partial once: a 429 is not retried, whatever the budget', async () => {
    const { t, waits } = translator();
    mock.failNext({ status: 429, retryAfter: 1, count: 2 });
    const err = await translationError(t.translate('Grace and peace', 'en', ['pt'], { purpose: 'partial' }));
    expect(err.status).toBe(429);
    expect(mock.stats.counts.translate).toBe(1);
    expect(waits).toEqual([]);
    // A final after it is retried as before.
    expect(await t.translate('Grace and peace.', 'en', ['pt'])).toEqual({ pt: '[pt] Grace and peace.' });
    expect(mock.stats.counts.translate).toBe(3);
  });

  it('gives up a slow partial after its short timeout, where a final would wait its whole budget', async () => {
    mock.setLatency(1000);
    const t = new AzureTranslator({ key: MOCK_TRANSLATOR_KEY, baseUrlOverride: mock.url, partialTimeoutMs: 200, retryBudgetMs: 5000 });
    const started = Date.now();
    await translationError(t.translate('Grace and', 'en', ['pt'], { purpose: 'partial' }));
    expect(Date.now() - started).toBeLessThan(700);
    expect(await t.translate('Grace and peace.', 'en', ['pt'])).toEqual({ pt: '[pt] Grace and peace.' });
  });
});

describe('translate URL', () => {
  it('uses /translate on the global endpoint and the v3 path on a resource endpoint', () => {
    expect(translateUrl(null)).toBe('https://api.cognitive.microsofttranslator.com/translate');
    expect(translateUrl('https://api-apc.cognitive.microsofttranslator.com/')).toBe('https://api-apc.cognitive.microsofttranslator.com/translate');
    expect(translateUrl('https://harbour.cognitiveservices.azure.com')).toBe('https://harbour.cognitiveservices.azure.com/translator/text/v3.0/translate');
    expect(translateUrl('https://harbour.cognitiveservices.azure.com/translator/text/v3.0/translate')).toBe('https://harbour.cognitiveservices.azure.com/translator/text/v3.0/translate');
  });

  it('lets AZURE_TRANSLATOR_ENDPOINT replace the host but keep the path kind', () => {
    expect(translateUrl(null, 'http://127.0.0.1:1234/')).toBe('http://127.0.0.1:1234/translate');
    expect(translateUrl('https://x.cognitiveservices.azure.com', 'http://127.0.0.1:1234')).toBe('http://127.0.0.1:1234/translator/text/v3.0/translate');
  });
});
