import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_SPEECH_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { AzureSpeechSynthesizer, buildSsml, escapeXml, speechBaseUrl } from './azure-tts';
import { SpeechError } from './speech-error';

let mock: MockAzure;
beforeAll(async () => { mock = await startMockAzure(); });
afterAll(async () => { await mock.close(); });
beforeEach(() => { mock.reset(); });

const synthesizer = (key = MOCK_SPEECH_KEY) =>
  new AzureSpeechSynthesizer({ key, region: 'australiaeast', hostOverride: mock.url, sleep: async () => {} });

describe('Azure text to speech client', () => {
  it('posts SSML with the voice and language and the headers Azure expects, and returns MP3', async () => {
    const audio = await synthesizer().synthesize('Graça e paz a vocês.', 'pt-BR', 'pt-BR-FranciscaNeural');
    // An MPEG audio frame header: 11 sync bits, then MPEG-2 Layer III.
    expect(audio[0]).toBe(0xff);
    expect(audio[1]! & 0xe0).toBe(0xe0);
    const req = mock.stats.last('tts')!;
    expect(req.path).toBe('/cognitiveservices/v1');
    expect(req.headers['ocp-apim-subscription-key']).toBe(MOCK_SPEECH_KEY);
    expect(req.headers['content-type']).toBe('application/ssml+xml');
    expect(req.headers['x-microsoft-outputformat']).toBe('audio-24khz-48kbitrate-mono-mp3');
    expect(req.headers['user-agent']).toBe('SermonTranslate');
    expect(req.body).toBe(
      "<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='pt-BR'>" +
        "<voice name='pt-BR-FranciscaNeural'>Graça e paz a vocês.</voice></speak>",
    );
  });

  it('escapes text so it cannot break the SSML', async () => {
    const audio = await synthesizer().synthesize(`Faith & <hope> "love" it's`, 'en-AU', 'en-AU-WilliamNeural');
    expect(audio.length).toBeGreaterThan(0);
    expect(mock.stats.last('tts')!.body).toContain('Faith &amp; &lt;hope&gt; &quot;love&quot; it&apos;s');
    expect(escapeXml(`<a href='x'>`)).toBe('&lt;a href=&apos;x&apos;&gt;');
    expect(buildSsml('x', "en'AU", 'v')).toContain("xml:lang='en&apos;AU'");
  });

  it('retries a 429 and then returns the audio', async () => {
    mock.failNext({ endpoint: 'tts', status: 429, retryAfter: 0 });
    const audio = await synthesizer().synthesize('Amen', 'en-AU', 'en-AU-NatashaNeural');
    expect(audio.length).toBeGreaterThan(0);
    expect(mock.stats.counts.tts).toBe(2);
  });

  it('fails with a SpeechError on a wrong key, without retrying', async () => {
    const err = await synthesizer('wrong-key').synthesize('Amen', 'en-AU', 'en-AU-NatashaNeural').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect((err as SpeechError).status).toBe(401);
    expect(mock.stats.counts.tts).toBe(1);
  });

  it('talks to the regional host unless AZURE_SPEECH_HOST overrides it', () => {
    expect(speechBaseUrl('tts', 'australiaeast')).toBe('https://australiaeast.tts.speech.microsoft.com');
    expect(speechBaseUrl('api', 'australiaeast')).toBe('https://australiaeast.api.cognitive.microsoft.com');
    expect(speechBaseUrl('tts', 'australiaeast', 'http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000');
  });
});
