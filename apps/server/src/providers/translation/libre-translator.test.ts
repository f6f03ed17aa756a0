import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MOCK_LIBRE_KEY, startMockLibreTranslate, type Loopback } from '../../../test/mock-engines';
import { LibreTranslator } from './libre-translator';
import type { TranslationError } from './translator';

const started: Loopback[] = [];
afterEach(async () => { await Promise.all(started.splice(0).map((m) => m.close())); });
afterAll(async () => { await Promise.all(started.map((m) => m.close())); });

async function server(opts: Parameters<typeof startMockLibreTranslate>[0] = {}) {
  const mock = await startMockLibreTranslate(opts);
  started.push(mock);
  return mock;
}

describe('LibreTranslate client', () => {
  it("sends LibreTranslate's request with the key in the body, after reading the server's languages once", async () => {
    const mock = await server({ key: MOCK_LIBRE_KEY });
    const t = new LibreTranslator({ url: mock.url, key: MOCK_LIBRE_KEY });
    expect(await t.translate('Amen', 'en', ['zh-Hans'])).toEqual({ 'zh-Hans': '[zh-Hans] Amen' });
    await t.translate('Hallelujah', 'en', ['pt']);
    expect(mock.count('/languages')).toBe(1);
    expect(mock.last('/translate')!.json).toEqual({ q: 'Hallelujah', source: 'en', target: 'pt', format: 'text', api_key: MOCK_LIBRE_KEY });
  });

  it('sends no key to a server that needs none, and uses its older name for Chinese', async () => {
    const mock = await server({ languages: ['en', 'pt', 'zh'] });
    const t = new LibreTranslator({ url: mock.url });
    expect(await t.translate('Amen', 'en', ['zh-Hans'])).toEqual({ 'zh-Hans': '[zh] Amen' });
    expect(mock.last('/translate')!.json).not.toHaveProperty('api_key');
  });

  it('knows the languages its server has no model for', async () => {
    const mock = await server();
    const t = new LibreTranslator({ url: mock.url });
    await t.loadLanguages();
    expect(t.supports('hi')).toBe(false);
    expect(t.supports('pt')).toBe(true);
  });

  it("says a missing key in the server's words (403)", async () => {
    const mock = await server({ key: MOCK_LIBRE_KEY });
    const err = (await new LibreTranslator({ url: mock.url, key: 'nope' }).translate('Amen', 'en', ['pt']).catch((e: unknown) => e)) as TranslationError;
    expect(err.kind).toBe('auth');
    expect(err.message).toBe('The engine refused the key (HTTP 403)');
  });

  it('says a server that is not running could not be reached', async () => {
    const mock = await server();
    const url = mock.url;
    await mock.close();
    started.length = 0;
    const err = (await new LibreTranslator({ url, retryBudgetMs: 300 }).translate('Amen', 'en', ['pt']).catch((e: unknown) => e)) as TranslationError;
    expect(err.kind).toBe('unreachable');
    // The same words as for any other connection that fails (decision 041).
    expect(err.message).toBe('The address could not be reached');
  });
});
