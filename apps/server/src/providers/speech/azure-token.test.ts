import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_SPEECH_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { AzureSpeechTokenIssuer, TOKEN_LIFETIME_MS } from './azure-token';
import { SpeechError } from './speech-error';

let mock: MockAzure;
beforeAll(async () => { mock = await startMockAzure(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

function issuer(key = MOCK_SPEECH_KEY) {
  const clock = { now: Date.parse('2025-03-02T10:00:00Z') };
  const i = new AzureSpeechTokenIssuer({ key, region: 'australiaeast', hostOverride: mock.url, now: () => clock.now, retryBudgetMs: 500 });
  return { i, clock };
}

describe('Azure speech token issuer', () => {
  it('posts the key with an empty body and returns the token, region and expiry', async () => {
    const { i, clock } = issuer();
    const issued = await i.issueToken();
    expect(mock.issuedTokens.has(issued.token)).toBe(true);
    expect(issued.region).toBe('australiaeast');
    expect(issued.expiresAt.getTime()).toBe(clock.now + TOKEN_LIFETIME_MS);
    const req = mock.stats.last('token')!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sts/v1.0/issueToken');
    expect(req.headers['ocp-apim-subscription-key']).toBe(MOCK_SPEECH_KEY);
    expect(req.body).toBe('');
  });

  it('reuses a token for 9 minutes, then fetches a fresh one', async () => {
    const { i, clock } = issuer();
    const first = await i.issueToken();
    clock.now += 8 * 60_000 + 59_000;
    expect((await i.issueToken()).token).toBe(first.token);
    expect(mock.stats.counts.token).toBe(1);
    clock.now += 2_000;
    const second = await i.issueToken();
    expect(second.token).not.toBe(first.token);
    expect(mock.stats.counts.token).toBe(2);
  });

  it('shares one request between callers asking at the same time', async () => {
    const { i } = issuer();
    mock.setLatency(30);
    const [a, b, c] = await Promise.all([i.issueToken(), i.issueToken(), i.issueToken()]);
    expect(new Set([a.token, b.token, c.token]).size).toBe(1);
    expect(mock.stats.counts.token).toBe(1);
  });

  it('fails with a SpeechError when the key is refused, and caches nothing', async () => {
    const { i } = issuer('wrong-key');
    await expect(i.issueToken()).rejects.toBeInstanceOf(SpeechError);
    await expect(i.issueToken()).rejects.toMatchObject({ status: 401 });
    expect(mock.stats.counts.token).toBe(2);
  });

  it('gives a token usable as a bearer for text to speech', async () => {
    const { i } = issuer();
    const { token } = await i.issueToken();
    const res = await fetch(`${mock.url}/cognitiveservices/v1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/ssml+xml', 'X-Microsoft-OutputFormat': 'audio-24khz-48kbitrate-mono-mp3' },
      body: "<speak version='1.0' xml:lang='en-AU'><voice name='en-AU-NatashaNeural'>Amen</voice></speak>",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
  });
});
