import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodedSpeech, MOCK_ASSEMBLYAI_KEY, MOCK_AZURE_SPEECH_KEY, MOCK_DEEPGRAM_KEY, MOCK_OPENAI_REALTIME_KEY, scriptWords,
  startMockAssemblyAI, startMockAzureSpeech, startMockDeepgram, startMockOpenAIRealtime, type MockSpeechEngine,
} from '../../../test/mock-engines';
import { AssemblyAIRecognizer } from './assemblyai';
import { AzureSpeechRecognizer } from './azure-speech';
import { DeepgramRecognizer } from './deepgram';
import { OpenAIRealtimeRecognizer } from './openai-realtime';
import { AudioFeed } from './audio-feed';
import { RecognitionError, type RecognitionEngine, type RecognitionResult, type RecognitionStream } from './recognizer';

const SENTENCES = ['Grace and peace to you', 'Paul wrote to Corinth'];
const words = scriptWords(SENTENCES);
/** Short words (150 ms, 50 ms apart, 400 ms after a sentence): 2.5 s of audio. */
const speech = () => encodedSpeech(words, 0, words.length, 150, 50, 400);

/** Sends audio as the session does: through a feed that keeps the engine's rules (chunk sizes, pace). */
function feed(engine: RecognitionEngine, stream: RecognitionStream, audio: Buffer): AudioFeed {
  const f = new AudioFeed(engine.rules, (chunk) => stream.send(chunk));
  for (let o = 0; o < audio.length; o += 3200) f.push(audio.subarray(o, o + 3200));
  return f;
}

/** The first failure, whether the engine refused to open or ended the stream after opening. */
function firstFailure(engine: RecognitionEngine): Promise<RecognitionError> {
  return new Promise((resolve) => {
    engine.open({ language: 'en', terms: [], handlers: { onResult: () => undefined, onFailure: resolve } })
      .then((stream) => stream.send(Buffer.alloc(3200)), (err: RecognitionError) => resolve(err));
  });
}
const TERMS = ['Corinth', 'Hillsong Parramatta', 'Nehemiah'];

interface Case {
  name: string;
  start: () => Promise<MockSpeechEngine>;
  engine: (url: string, key: string) => RecognitionEngine;
  key: string;
  termsOf: (mock: MockSpeechEngine) => unknown;
  closing: string | null;
}

const cases: Case[] = [
  {
    name: 'Deepgram', start: () => startMockDeepgram({ sentences: SENTENCES }), key: MOCK_DEEPGRAM_KEY,
    engine: (url, key) => new DeepgramRecognizer({ key, baseUrlOverride: url }),
    termsOf: (m) => m.connections[0]!.query.getAll('keyterm'), closing: 'CloseStream',
  },
  {
    name: 'AssemblyAI', start: () => startMockAssemblyAI({ sentences: SENTENCES }), key: MOCK_ASSEMBLYAI_KEY,
    engine: (url, key) => new AssemblyAIRecognizer({ key, baseUrlOverride: url }),
    termsOf: (m) => JSON.parse(m.connections[0]!.query.get('keyterms_prompt') ?? '[]'), closing: 'Terminate',
  },
  {
    name: 'OpenAI realtime (older field names)', start: () => startMockOpenAIRealtime({ sentences: SENTENCES }), key: MOCK_OPENAI_REALTIME_KEY,
    engine: (url, key) => new OpenAIRealtimeRecognizer({ url, key, model: 'whisper-1' }),
    termsOf: (m) => String((m.connections[0]!.messages[0] as { session: { input_audio_transcription: { prompt: string } } }).session.input_audio_transcription.prompt).split(', '),
    closing: null,
  },
  {
    name: 'OpenAI realtime (text field names)', start: () => startMockOpenAIRealtime({ sentences: SENTENCES, fieldNames: 'text' }), key: MOCK_OPENAI_REALTIME_KEY,
    engine: (url, key) => new OpenAIRealtimeRecognizer({ url: `${url}/v1`, key }),
    termsOf: (m) => String((m.connections[0]!.messages[0] as { session: { input_audio_transcription: { prompt: string } } }).session.input_audio_transcription.prompt).split(', '),
    closing: null,
  },
  {
    name: 'Azure Speech (Microsoft\'s SDK in Node)', start: () => startMockAzureSpeech({ sentences: SENTENCES }), key: MOCK_AZURE_SPEECH_KEY,
    engine: (url, key) => new AzureSpeechRecognizer({ key, region: 'australiaeast', hostOverride: url }),
    termsOf: (m) => {
      const context = m.connections[0]!.messages.find((x) => x.path === 'speech.context') as { body: { dgi: { groups: { items: { text: string }[] }[] } } };
      return context.body.dgi.groups[0]!.items.map((i) => i.text);
    },
    closing: null,
  },
];

describe.each(cases)('$name streaming recognition', (c) => {
  let mock: MockSpeechEngine;
  beforeAll(async () => {
    mock = await c.start();
  });
  afterAll(() => mock.close());

  it('hears interim and final text with the glossary as boosted words, and closes as the engine asks', async () => {
    const results: RecognitionResult[] = [];
    const failures: RecognitionError[] = [];
    const engine = c.engine(mock.url, c.key);
    const stream = await engine.open({ language: 'en', terms: TERMS, handlers: { onResult: (r) => results.push(r), onFailure: (e) => failures.push(e) } });
    expect(stream.termsSent).toBe(3);
    const sending = feed(engine, stream, speech());
    await expect.poll(() => results.filter((r) => r.final).length, { timeout: 5000 }).toBe(2);
    expect(results.filter((r) => r.final).map((r) => r.text)).toEqual(SENTENCES);
    expect(results.some((r) => !r.final && r.text === 'Grace and')).toBe(true);
    // The first sentence's five words of 150 ms with 50 ms gaps end at 0.95 s of audio.
    expect(results.find((r) => r.final)!.endMs).toBeGreaterThanOrEqual(900);
    expect(results.find((r) => r.final)!.endMs).toBeLessThanOrEqual(1000);
    // Where each phrase's first word began, which a line's start is read from (decision 044).
    const [one, two] = results.filter((r) => r.final);
    expect(one!.startMs).toBe(0);
    expect(two!.startMs).toBeGreaterThan(one!.endMs!);
    expect(two!.startMs).toBeLessThan(two!.endMs!);
    await sending.flush();
    expect(mock.violations).toEqual([]);
    expect(c.termsOf(mock)).toEqual(TERMS);
    stream.keepAlive();
    await stream.finish();
    if (c.closing) expect(mock.connections[0]!.messages.map((m) => m.type)).toContain(c.closing);
    expect(failures).toEqual([]);
  });

  it('says a wrong key is the key, in the engine\'s words, whether refused at the upgrade or after it', async () => {
    const err = await firstFailure(c.engine(mock.url, 'wrong-key'));
    expect(err).toBeInstanceOf(RecognitionError);
    expect((err as RecognitionError).kind).toBe('auth');
    expect((err as RecognitionError).message).not.toContain('wrong-key');
  });

  it('reports a killed engine once, as a failure of the stream', async () => {
    const failures: RecognitionError[] = [];
    await c.engine(mock.url, c.key).open({ language: 'en', terms: [], handlers: { onResult: () => undefined, onFailure: (e) => failures.push(e) } });
    mock.kill();
    await expect.poll(() => failures.length).toBe(1);
    const again = await c.engine(mock.url, c.key).open({ language: 'en', terms: [], handlers: { onResult: () => undefined, onFailure: () => undefined } }).catch((e: unknown) => e);
    expect((again as RecognitionError).kind).toBe('unreachable');
    mock.revive();
  });
});

it('an engine nobody listens at is unreachable', async () => {
  const err = await new DeepgramRecognizer({ key: 'k', baseUrlOverride: 'http://127.0.0.1:9' }).open({ language: 'en', terms: [], handlers: { onResult: () => undefined, onFailure: () => undefined } }).catch((e: unknown) => e);
  expect((err as RecognitionError).kind).toBe('unreachable');
});

describe('Azure Speech on the server', () => {
  const open = (engine: RecognitionEngine, failures: RecognitionError[] = [], locale?: string) => engine.open({
    language: 'pt', locale, terms: [], handlers: { onResult: () => undefined, onFailure: (e) => failures.push(e) },
  });

  it('asks for the sermon\'s locale and says a wrong key in words an administrator understands', async () => {
    const mock = await startMockAzureSpeech({ sentences: SENTENCES });
    try {
      const stream = await open(new AzureSpeechRecognizer({ key: MOCK_AZURE_SPEECH_KEY, region: 'brazilsouth', hostOverride: mock.url }));
      expect(mock.connections[0]!.query.get('language')).toBe('pt-BR');
      expect(mock.connections[0]!.headers['ocp-apim-subscription-key']).toBe(MOCK_AZURE_SPEECH_KEY);
      await stream.finish();
      await open(new AzureSpeechRecognizer({ key: MOCK_AZURE_SPEECH_KEY, region: 'x', hostOverride: mock.url }), [], 'pt-PT').then((s) => s.close());
      expect(mock.connections[1]!.query.get('language')).toBe('pt-PT');
      const err = await open(new AzureSpeechRecognizer({ key: 'wrong-key', region: 'brazilsouth', hostOverride: mock.url })).catch((e: unknown) => e);
      expect((err as RecognitionError).message).toMatch(/^Azure refused the speech key/);
      expect((err as RecognitionError).message).not.toContain('wrong-key');
    } finally {
      await mock.close();
    }
  });

  it('without the church\'s speech key, or with nobody listening, it fails to open with a reason', async () => {
    const noKey = await open(new AzureSpeechRecognizer({ key: '', region: '' })).catch((e: unknown) => e);
    expect((noKey as RecognitionError).kind).toBe('auth');
    expect((noKey as RecognitionError).message).toMatch(/speech key/);
    const nobody = await open(new AzureSpeechRecognizer({ key: 'k', region: 'r', hostOverride: 'http://127.0.0.1:9' })).catch((e: unknown) => e);
    expect((nobody as RecognitionError).kind).toBe('unreachable');
    expect((nobody as RecognitionError).message).toMatch(/^Azure Speech could not be reached \(.*ECONNREFUSED/);
    expect((nobody as RecognitionError).message).not.toMatch(/key=k/i);
  });
});
