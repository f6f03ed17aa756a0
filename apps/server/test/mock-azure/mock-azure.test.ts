import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_SPEECH_KEY, MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '.';

let mock: MockAzure;
beforeAll(async () => { mock = await startMockAzure(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

const jsonHeaders = { 'Ocp-Apim-Subscription-Key': MOCK_TRANSLATOR_KEY, 'Content-Type': 'application/json; charset=UTF-8' };

function translate(query: string, init: { headers?: Record<string, string>; body?: string; path?: string } = {}) {
  return fetch(`${mock.url}${init.path ?? '/translate'}?${query}`, {
    method: 'POST',
    headers: init.headers ?? jsonHeaders,
    body: init.body ?? JSON.stringify([{ Text: 'Hello there' }]),
  });
}

async function azureError(res: Response) {
  expect(res.headers.get('content-type')).toContain('application/json');
  return ((await res.json()) as { error: { code: number; message: string } }).error;
}

describe('mock Azure Translator wire format', () => {
  it('answers translations in the order of `to`, with request id and metered usage', async () => {
    const res = await translate('api-version=3.0&from=en&to=pt&to=es&to=zh-Hans');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-metered-usage')).toBe(String('Hello there'.length * 3));
    expect(await res.json()).toEqual([{ translations: [
      { text: '[pt] Hello there', to: 'pt' }, { text: '[es] Hello there', to: 'es' }, { text: '[zh-Hans] Hello there', to: 'zh-Hans' },
    ] }]);
  });

  it('serves the resource-endpoint path too, accepts lower-case `text`, and detects the language without `from`', async () => {
    const res = await translate('api-version=3.0&to=es', { path: '/translator/text/v3.0/translate', body: JSON.stringify([{ text: 'Hi' }]) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ detectedLanguage: { language: 'en', score: 1 }, translations: [{ text: '[es] Hi', to: 'es' }] }]);
  });

  it('refuses a missing or wrong key with 401000', async () => {
    const res = await translate('api-version=3.0&to=es', { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
    expect((await azureError(res)).code).toBe(401000);
    const wrong = await translate('api-version=3.0&to=es', { headers: { ...jsonHeaders, 'Ocp-Apim-Subscription-Key': 'nope' } });
    expect(wrong.status).toBe(401);
  });

  it('checks the api-version, content type, JSON body, target codes and text length', async () => {
    const cases: Array<[Response, number, number]> = [
      [await translate('to=es'), 400, 400021],
      [await translate('api-version=3.0&to=es', { headers: { ...jsonHeaders, 'Content-Type': 'text/plain' } }), 415, 415000],
      [await translate('api-version=3.0&to=es', { body: '[{"Text": "unterminated' }), 400, 400074],
      [await translate('api-version=3.0'), 400, 400036],
      [await translate('api-version=3.0&to=klingon'), 400, 400036],
      [await translate('api-version=3.0&from=xx&to=es'), 400, 400035],
      [await translate('api-version=3.0&to=es', { body: '{"Text":"not an array"}' }), 400, 400000],
      [await translate('api-version=3.0&to=es&to=pt', { body: JSON.stringify([{ Text: 'x'.repeat(25_001) }]) }), 400, 400050],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect((await azureError(res)).code).toBe(code);
    }
  });

  it('fails queued requests with 429 and Retry-After, then recovers', async () => {
    mock.failNext({ status: 429, retryAfter: 2, count: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await translate('api-version=3.0&to=es');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await azureError(res)).toEqual({ code: 429001, message: 'The server rejected the request because the client has exceeded request limits.' });
    }
    expect((await translate('api-version=3.0&to=es')).status).toBe(200);
    expect(mock.stats.counts.translate).toBe(3);
  });

  it('applies the configured latency', async () => {
    mock.setLatency(60);
    const started = Date.now();
    await translate('api-version=3.0&to=es');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('mock Azure Speech wire format', () => {
  const ssml = "<speak version='1.0' xml:lang='en-AU'><voice name='en-AU-NatashaNeural'>Amen</voice></speak>";
  const ttsHeaders = { 'Ocp-Apim-Subscription-Key': MOCK_SPEECH_KEY, 'Content-Type': 'application/ssml+xml', 'X-Microsoft-OutputFormat': 'audio-24khz-48kbitrate-mono-mp3' };
  const tts = (headers: Record<string, string>, body = ssml) => fetch(`${mock.url}/cognitiveservices/v1`, { method: 'POST', headers, body });

  it('issues a token for the right key only', async () => {
    const ok = await fetch(`${mock.url}/sts/v1.0/issueToken`, { method: 'POST', headers: { 'Ocp-Apim-Subscription-Key': MOCK_SPEECH_KEY } });
    expect(ok.status).toBe(200);
    expect((await ok.text()).split('.')).toHaveLength(3);
    const bad = await fetch(`${mock.url}/sts/v1.0/issueToken`, { method: 'POST', headers: { 'Ocp-Apim-Subscription-Key': 'nope' } });
    expect(bad.status).toBe(401);
  });

  it('returns MP3 audio for valid SSML, and refuses bad media type, format or SSML', async () => {
    const ok = await tts(ttsHeaders);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0xff, 0xf3, 0x64, 0xc4]));
    expect((await tts({ ...ttsHeaders, 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await tts({ ...ttsHeaders, 'X-Microsoft-OutputFormat': 'wav-please' })).status).toBe(400);
    expect((await tts(ttsHeaders, "<speak version='1.0' xml:lang='en-AU'><voice name='x'>a < b</voice></speak>")).status).toBe(400);
    expect((await tts(ttsHeaders, 'just text')).status).toBe(400);
    expect((await tts({ ...ttsHeaders, 'Ocp-Apim-Subscription-Key': 'nope' })).status).toBe(401);
  });

  it('can fail the next request of any endpoint with a 503', async () => {
    mock.failNext({ endpoint: 'any', status: 503 });
    const res = await tts(ttsHeaders);
    expect(res.status).toBe(503);
    expect((await azureError(res)).code).toBe(503000);
    expect((await tts(ttsHeaders)).status).toBe(200);
  });

  it('answers an unknown path with 404 and counts it', async () => {
    const res = await fetch(`${mock.url}/nothing-here`);
    expect(res.status).toBe(404);
    expect(mock.stats.counts.other).toBe(1);
  });
});

describe('mock Azure Translator, word by word with an unsettled ending (decision 030)', () => {
  let words: MockAzure;
  beforeAll(async () => { words = await startMockAzure({ translation: 'words' }); });
  afterAll(async () => { await words.close(); });

  const translateIn = async (mockUrl: string, text: string, textType = 'plain') => {
    const res = await fetch(`${mockUrl}/translate?api-version=3.0&from=en&to=pt&to=es&textType=${textType}`, {
      method: 'POST', headers: jsonHeaders, body: JSON.stringify([{ Text: text }]),
    });
    expect(res.status).toBe(200);
    const [answer] = (await res.json()) as Array<{ translations: Array<{ text: string }> }>;
    return answer!.translations.map((t) => t.text);
  };

  it('translates word by word, one output word for each input word, settled once the sentence ends', async () => {
    expect(await translateIn(words.url, 'Grace and peace to you.')).toEqual(['Graça e paz para você.', 'Gracia y paz a tú.']);
  });

  it('changes the end of its output while the sentence may still go on, and settles it as it grows', async () => {
    const [short] = await translateIn(words.url, 'grace and peace');
    const [longer] = await translateIn(words.url, 'grace and peace to you');
    expect(short).toBe('graça e peace');
    expect(longer!.startsWith('graça e paz para')).toBe(true);
  });

  it('reorders the last two words instead when asked to', async () => {
    const swapping = await startMockAzure({ translation: 'words', unsettledEnding: 'swap-last-two' });
    try {
      expect((await translateIn(swapping.url, 'the storm was great'))[0]).toBe('o tempestade grande was');
    } finally {
      await swapping.close();
    }
  });

  it('leaves markup and protected terms as they are in HTML mode', async () => {
    const [pt] = await translateIn(words.url, 'the <span class="notranslate" id="g0">Holy Spirit</span> is with you &amp; me.', 'html');
    expect(pt).toBe('o <span class="notranslate" id="g0">Holy Spirit</span> é com você &amp; me.');
  });
});

describe('mock Azure throttling', () => {
  it('refuses every translation with 429 for a while, then answers again', async () => {
    mock.throttle(300, 1);
    const refused = await translate('api-version=3.0&from=en&to=pt');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await azureError(refused)).code).toBe(429001);
    await new Promise((r) => setTimeout(r, 350));
    expect((await translate('api-version=3.0&from=en&to=pt')).status).toBe(200);
  });
});
