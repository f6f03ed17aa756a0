import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recognitionEvents, type RecognitionStateEvent, type Sermon, type ServerRecognitionKind } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { addChurchLanguages, eventually, listen, liveClients, ok, record, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  encodedSpeech, MOCK_ASSEMBLYAI_KEY, MOCK_AZURE_SPEECH_KEY, MOCK_DEEPGRAM_KEY, MOCK_OPENAI_REALTIME_KEY, scriptWords, startMockAssemblyAI,
  startMockAzureSpeech, startMockDeepgram, startMockOpenAIRealtime, type MockSpeechEngine,
} from '../../../test/mock-engines';
import { eq } from 'drizzle-orm';
import { churches, churchRecognitionEngines } from '../../db/schema';
import { invalidateChurchProviders } from '../../providers/church-providers';
import { storeRecognitionEngine } from '../../providers/recognition/engine-store';

/**
 * Chaos per engine (decision 043): mid-sermon the engine is killed, refused (both engines down a
 * while), closed idle in a pause and sent a wrong key; the words on a listener's phone are compared
 * with the sermon's: none lost, none doubled. The loopback engines enforce their documented limits
 * (chunk sizes, pace), so a client that broke them would lose the sermon here.
 */
const SENTENCES = [
  'Grace and peace to you', 'Paul wrote to the church', 'Love is patient and kind', 'It does not boast',
  'Faith hope and love remain', 'The greatest is love', 'Go in peace this week',
];
const words = scriptWords(SENTENCES);
/** Short words (150 ms, 50 ms apart, 400 ms after a sentence): about 7 s of audio. */
const AUDIO = encodedSpeech(words, 0, words.length, 150, 50, 400);
const FRAME = 3200;
/** The loopbacks close a stream that gets nothing for this long (the speaker pauses longer). */
const IDLE_MS = 700;

let deepgram: MockSpeechEngine;
let assembly: MockSpeechEngine;
let realtime: MockSpeechEngine;
let azure: MockSpeechEngine;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const live = liveClients(() => ({ url, app: t.app, staffCookie: cast.staff.cookie, listenerCookie: cast.member.cookie, churchId: cast.church.id }));
const mocks = (): Record<ServerRecognitionKind, MockSpeechEngine | undefined> => ({ deepgram, assemblyai: assembly, 'openai-realtime': realtime, 'azure-server': azure });

beforeAll(async () => {
  const options = { sentences: SENTENCES, idleCloseMs: IDLE_MS };
  [deepgram, assembly, realtime, azure] = await Promise.all([
    startMockDeepgram(options), startMockAssemblyAI(options), startMockOpenAIRealtime(options), startMockAzureSpeech(options),
  ]);
  t = await createTestApp({ DEEPGRAM_URL: deepgram.url, ASSEMBLYAI_URL: assembly.url, OPENAI_REALTIME_URL: realtime.url, AZURE_SPEECH_STT_URL: azure.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id, { joinLive: ['en'] });
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([deepgram.close(), assembly.close(), realtime.close(), azure.close()]);
});
afterEach(() => {
  live.closeAll();
  for (const m of [deepgram, assembly, realtime, azure]) m.revive();
});

const KEYS: Partial<Record<ServerRecognitionKind, string>> = {
  deepgram: MOCK_DEEPGRAM_KEY, assemblyai: MOCK_ASSEMBLYAI_KEY, 'openai-realtime': MOCK_OPENAI_REALTIME_KEY,
};

async function engines(first: ServerRecognitionKind, second: ServerRecognitionKind) {
  // Azure on the server hears with the church's speech key (Live settings), not a key of its own.
  await t.ctx.db.update(churches).set({ speechKeyEnc: t.ctx.secrets.encrypt(MOCK_AZURE_SPEECH_KEY), speechLocation: 'australiaeast' }).where(eq(churches.id, cast.church.id));
  invalidateChurchProviders(t.ctx, cast.church.id);
  for (const [slot, kind] of [['primary', first], ['failover', second]] as const) {
    await storeRecognitionEngine(t.ctx.db, cast.church.id, slot, {
      kind, url: kind === 'openai-realtime' ? realtime.url : null, model: null, keyEnc: KEYS[kind] ? t.ctx.secrets.encrypt(KEYS[kind]) : null,
    });
  }
}

/** Words lost and doubled, as a listener read them, against the sermon's. */
function compare(heard: string[]): { lost: number; doubled: number } {
  const said = new Map<string, number>();
  for (const w of words) said.set(w.text, (said.get(w.text) ?? 0) + 1);
  const got = new Map<string, number>();
  for (const w of heard.join(' ').split(/\s+/).filter(Boolean)) got.set(w, (got.get(w) ?? 0) + 1);
  let lost = 0;
  let doubled = 0;
  for (const [w, n] of said) lost += Math.max(0, n - (got.get(w) ?? 0));
  for (const [w, n] of got) doubled += Math.max(0, n - (said.get(w) ?? 0));
  return { lost, doubled };
}

async function speak(speaker: ClientSocket, sermon: Sermon, at: Map<number, () => Promise<void> | void>) {
  for (let o = 0, i = 0; o < AUDIO.length; o += FRAME, i++) {
    await at.get(i)?.();
    speaker.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: i, audio: AUDIO.subarray(o, o + FRAME) });
    await new Promise((r) => setTimeout(r, 80));
  }
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe.each([
  ['deepgram', 'assemblyai'], ['assemblyai', 'deepgram'], ['openai-realtime', 'deepgram'], ['azure-server', 'deepgram'],
] as [ServerRecognitionKind, ServerRecognitionKind][])('chaos on %s (the other engine: %s)', (first, second) => {
  it('killed, refused with the other down, closed idle, a wrong key: every word on the phone once', async () => {
    await engines(first, second);
    const engine = mocks()[first]!;
    const other = mocks()[second]!;
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const states = record<RecognitionStateEvent>(speaker, recognitionEvents.state);
    const en = await live.listener(sermon, 'en');
    expect(ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }))).toMatchObject({ engine: first, state: 'listening' });
    const activeMock = () => mocks()[[...states].reverse().find((s) => s.state === 'listening')?.engine ?? first]!;
    const frames = Math.ceil(AUDIO.length / FRAME);
    const revoked: { engine?: MockSpeechEngine } = {};
    await speak(speaker, sermon, new Map<number, () => Promise<void> | void>([
      // Killed: the other engine takes over at once; the first comes back.
      [Math.round(frames * 0.12), () => engine.kill()],
      [Math.round(frames * 0.2), () => engine.revive()],
      // Both down a while (the one listening killed, the other refusing): retries back off, then one answers.
      [Math.round(frames * 0.3), () => {
        for (const m of [engine, other]) m.refuse();
        activeMock().kill();
      }],
      [Math.round(frames * 0.42), () => {
        engine.revive();
        other.revive();
      }],
      // A pause longer than the engine's idle close.
      [Math.round(frames * 0.6), () => pause(IDLE_MS + 500)],
      // The key of the engine listening stops working.
      [Math.round(frames * 0.75), () => (revoked.engine = activeMock()).revokeKey()],
    ]));
    ok(await request(speaker, recognitionEvents.audioStop, { sermonId: sermon.id }));
    await eventually(() => expect(compare(en.finals().map((c) => c.text)).lost).toBe(0), 10_000);
    expect(compare(en.finals().map((c) => c.text))).toEqual({ lost: 0, doubled: 0 });
    expect(en.finals().map((c) => c.text).join(' ')).toBe(SENTENCES.join(' '));
    // The loopbacks enforce the documented chunk sizes and pace: none was broken.
    expect([...engine.violations, ...other.violations].filter((v) => v.why === 'chunk' || v.why === 'pace')).toEqual([]);
    // The revoked key happened, said as a key problem in the engine's health. (The pause closes an
    // engine idle unless the client keeps it alive as its documentation says, as Deepgram's KeepAlive
    // does: either way no word is lost, checked above.)
    expect([...engine.violations, ...other.violations].map((v) => v.why)).toContain('auth');
    const health = await t.ctx.db.select().from(churchRecognitionEngines).where(eq(churchRecognitionEngines.churchId, cast.church.id));
    if (revoked.engine === azure) {
      // Azure's SDK reads a stream its service closes as a lost connection (ConnectionFailure, with
      // the close code), not as the key; the other engine listening well, Azure is not opened again
      // in this sermon. The key is said the next time it is (401 at the upgrade): the other engine
      // hears at once.
      expect(ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }))).toMatchObject({ engine: second, state: 'listening' });
      await eventually(async () => {
        const rows = await t.ctx.db.select().from(churchRecognitionEngines).where(eq(churchRecognitionEngines.churchId, cast.church.id));
        expect(rows.find((h) => h.kind === 'azure-server')?.lastError).toMatch(/refused the key/);
      });
      ok(await request(speaker, recognitionEvents.audioStop, { sermonId: sermon.id }));
    } else {
      expect(health.some((h) => /refused the key|Incorrect API key|Invalid credentials|401/i.test(h.lastError ?? ''))).toBe(true);
    }
    expect(states.some((s) => s.state === 'failed')).toBe(true);
    expect(states.some((s) => s.engine === second && s.state === 'listening')).toBe(true);
  });
});
