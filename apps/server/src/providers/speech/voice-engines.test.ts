import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIP_LEADING_S, CLIP_TRAILING_S, ENGLISH_WORD_S, toneOf } from '../../../test/mock-azure/spoken-audio';
import { MOCK_GOOGLE_TTS_KEY, MOCK_OPENAI_SPEECH_KEY, startMockGoogleTts, startMockOpenAISpeech, type Loopback } from '../../../test/mock-engines';
import { decodeMp3, hearWords } from '../../../test/helpers/voice-ear';
import { frameHeader, STREAM_KBPS, STREAM_SAMPLE_RATE } from '../../lib/audio/mp3-frames';
import { naturalVoice } from '../../lib/audio/voice-audio';
import { EngineVoice, type VoiceEngine, type VoiceReport } from './church-voice';
import { ESPEAK_MISSING, EspeakSynthesizer } from './espeak-tts';
import { GoogleSpeechSynthesizer } from './google-tts';
import { OpenAISpeechSynthesizer } from './openai-speech';
import { SpeechError } from './speech-error';

const fast = { retryBudgetMs: 300, retryBaseDelayMs: 10 };
const heardWords = async (mp3: Buffer) => {
  const { samples, sampleRate } = await decodeMp3(mp3);
  return hearWords(samples, sampleRate);
};
const seconds = async (mp3: Buffer) => (await naturalVoice(mp3)).length / STREAM_SAMPLE_RATE;

let openai: Loopback;
let google: Loopback;
beforeAll(async () => { [openai, google] = await Promise.all([startMockOpenAISpeech(), startMockGoogleTts()]); });
afterAll(async () => { await Promise.all([openai.close(), google.close()]); });
beforeEach(() => { openai.reset(); google.reset(); });

describe('OpenAI-compatible speech', () => {
  it('posts the text, model and voice with the bearer key to /v1/audio/speech and returns the audio as it came', async () => {
    const engine = new OpenAISpeechSynthesizer({ url: `${openai.url}/v1/`, model: 'kokoro', key: MOCK_OPENAI_SPEECH_KEY });
    const mp3 = await engine.synthesize('Grace and peace to you', 'en-AU', 'af_heart');
    expect(openai.last()!.headers.authorization).toBe(`Bearer ${MOCK_OPENAI_SPEECH_KEY}`);
    expect(openai.last()!.json).toEqual({ model: 'kokoro', input: 'Grace and peace to you', voice: 'af_heart', response_format: 'mp3', speed: 1 });
    // Five words at a speaker's pace, with the silence an engine puts around a clip: the audio
    // lasts as long as speech would. (MP3 adds its encoder's delay and ends on a whole frame: up
    // to a tenth of a second more.)
    const lasts = await seconds(mp3) - CLIP_LEADING_S - CLIP_TRAILING_S;
    expect(lasts).toBeGreaterThanOrEqual(5 * ENGLISH_WORD_S);
    expect(lasts).toBeLessThan(5 * ENGLISH_WORD_S + 0.1);
  });

  it('says a wrong key as an auth failure in the server\'s words (decision 041), without retrying', async () => {
    const engine = new OpenAISpeechSynthesizer({ url: openai.url, model: null, key: 'wrong', ...fast });
    const err = await engine.synthesize('Amen', 'en-AU', 'nova').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect(err).toMatchObject({ kind: 'auth', status: 401, message: 'The engine refused the key (HTTP 401)' });
    expect(openai.count()).toBe(1);
    expect(openai.last()!.json).toMatchObject({ model: 'tts-1' });
  });
});

describe('Google Cloud Text-to-Speech', () => {
  it('sends the voice with its language and decodes the base64 audio', async () => {
    const engine = new GoogleSpeechSynthesizer({ key: MOCK_GOOGLE_TTS_KEY, baseUrlOverride: google.url });
    const mp3 = await engine.synthesize('Olá irmãos', 'pt-BR', 'pt-BR-Standard-A');
    expect(google.last()!.query.key).toEqual([MOCK_GOOGLE_TTS_KEY]);
    expect(google.last()!.json).toEqual({ input: { text: 'Olá irmãos' }, voice: { languageCode: 'pt-BR', name: 'pt-BR-Standard-A' }, audioConfig: { audioEncoding: 'MP3', speakingRate: 1 } });
    expect(await seconds(mp3)).toBeGreaterThan(0.7);
  });

  it('reports a key Google does not know as a key to fix, in the server\'s words', async () => {
    const engine = new GoogleSpeechSynthesizer({ key: 'nope', baseUrlOverride: google.url, ...fast });
    await expect(engine.synthesize('Amen', 'en-AU', 'en-AU-Standard-A')).rejects.toMatchObject({ kind: 'auth', status: 400, message: 'The engine refused the key (HTTP 400)' });
  });
});

// Skipped, and saying why in its name, only where the program is missing.
// eSpeak NG is a Debian package the README and .ci/run install: these tests need it, as the product does.
describe('eSpeak NG, run as a program', () => {
  it('speaks Portuguese as MP3 in the voice stream\'s own format', async () => {
    const mp3 = await new EspeakSynthesizer().synthesize('Graça e paz a vocês da parte de Deus.', 'pt-BR', 'pt-br+f3');
    const first = frameHeader(mp3, 0)!;
    expect(first).toMatchObject({ sampleRate: STREAM_SAMPLE_RATE, kbps: STREAM_KBPS, mono: true });
    expect(await seconds(mp3)).toBeGreaterThan(1);
  });

  it('speaks every listening language', async () => {
    for (const voice of ['en', 'pt-br', 'es', 'id', 'cmn', 'ar', 'hi']) {
      expect(await seconds(await new EspeakSynthesizer().synthesize('一 one', 'x', `${voice}+m3`)), voice).toBeGreaterThan(0.2);
    }
  });

  it('reads text that looks like a shell command or an option as text, never running it', async () => {
    const marker = `/tmp/espeak-test-${process.pid}`;
    const mp3 = await new EspeakSynthesizer().synthesize(`--help $(touch ${marker}) ; touch ${marker}`, 'en-AU', 'en');
    expect(await seconds(mp3)).toBeGreaterThan(1);
    expect(existsSync(marker)).toBe(false);
  });

  it('says a voice it does not have in its own words', async () => {
    await expect(new EspeakSynthesizer().synthesize('Amen', 'en-AU', 'xx-nonexistent')).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('does not exist') });
  });
});

it('says how to install eSpeak NG when the program is missing', async () => {
  const err = await new EspeakSynthesizer({ command: '/nonexistent/espeak-ng' }).synthesize('Amen', 'en-AU', 'en').catch((e: unknown) => e);
  expect(err).toMatchObject({ kind: 'not_installed', message: ESPEAK_MISSING });
});

describe('a church voice with two engines', () => {
  const report = () => {
    const seen: string[] = [];
    const r: VoiceReport = { spoke: (e) => seen.push(`spoke ${e.kind}`), failed: (e, _q, err) => seen.push(`failed ${e.kind} ${err.kind}`) };
    return { seen, r };
  };
  const engines = (openaiKey: string): VoiceEngine[] => [
    { slot: 'primary', kind: 'openai', synthesizer: new OpenAISpeechSynthesizer({ url: openai.url, model: null, key: openaiKey, ...fast }) },
    { slot: 'failover', kind: 'google', synthesizer: new GoogleSpeechSynthesizer({ key: MOCK_GOOGLE_TTS_KEY, baseUrlOverride: google.url, ...fast }) },
  ];
  const piece = { text: 'Deus é fiel', locale: 'pt-BR', gender: 'male' as const, voiceId: 'pt-BR-AntonioNeural', sermonId: 'x' };

  it('speaks with the first engine in its own voice for the language and gender', async () => {
    const { seen, r } = report();
    const mp3 = await new EngineVoice(engines(MOCK_OPENAI_SPEECH_KEY), r).speak(piece);
    expect(openai.last()!.json).toMatchObject({ voice: 'onyx', input: 'Deus é fiel' });
    expect(google.count()).toBe(0);
    expect(seen).toEqual(['spoke openai']);
    expect((await heardWords(mp3)).map((w) => w.tone)).toEqual(['Deus', 'é', 'fiel'].map(toneOf));
  });

  it('hands a piece to the second engine when the first answers 500, and passes the first over for the next pieces', async () => {
    let now = 1_000_000;
    const { seen, r } = report();
    const voice = new EngineVoice(engines(MOCK_OPENAI_SPEECH_KEY), r, () => now);
    openai.failNext({ status: 500, count: 10 });
    const mp3 = await voice.speak(piece);
    expect(google.last()!.json).toMatchObject({ voice: { languageCode: 'pt-BR', name: 'pt-BR-Standard-B' } });
    expect((await heardWords(mp3)).map((w) => w.tone)).toEqual(['Deus', 'é', 'fiel'].map(toneOf));
    const tries = openai.count();
    await voice.speak(piece);
    expect(openai.count()).toBe(tries);
    openai.reset();
    now += 31_000;
    await voice.speak(piece);
    expect(openai.count()).toBe(1);
    expect(seen).toEqual(['failed openai server', 'spoke google', 'spoke google', 'spoke openai']);
  });

  it('hands a piece to the second engine when the first\'s key is wrong', async () => {
    const { seen, r } = report();
    await new EngineVoice(engines('wrong-key'), r).speak(piece);
    expect(seen).toEqual(['failed openai auth', 'spoke google']);
  });

  it('fails with the last engine\'s error when none can speak', async () => {
    google.failNext({ status: 503, count: 10 });
    openai.failNext({ status: 503, count: 10 });
    const { r } = report();
    await expect(new EngineVoice(engines(MOCK_OPENAI_SPEECH_KEY), r).speak(piece)).rejects.toMatchObject({ kind: 'server', status: 503, message: 'The engine answered with an error (HTTP 503)' });
  });
});
