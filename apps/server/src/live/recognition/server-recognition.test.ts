import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHeldAudio, HELD_AUDIO_FRAMES, liveEvents, recognitionEvents, type LiveError, type RecognitionStateEvent, type Sermon } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { addChurchLanguages, eventually, listen, liveClients, ok, record, request, settle, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  encodedSpeech, MOCK_ASSEMBLYAI_KEY, MOCK_AZURE_SPEECH_KEY, MOCK_DEEPGRAM_KEY, scriptWords, startMockAssemblyAI, startMockAzureSpeech, startMockDeepgram,
  type MockSpeechEngine,
} from '../../../test/mock-engines';
import { eq } from 'drizzle-orm';
import { invalidateChurchProviders } from '../../providers/church-providers';
import { storeRecognitionEngine } from '../../providers/recognition/engine-store';
import { churches, churchRecognitionEngines, recognitionUsage } from '../../db/schema';

/**
 * The speaker's audio heard on the server (decision 038): phrases reach listeners like the
 * browser's, the glossary goes as boosted words, the second engine takes over with no word lost or
 * doubled when the first is killed mid-sermon, and bad audio is refused without harming the session.
 */
const SENTENCES = [
  'Grace and peace to you all', 'Paul wrote to the church in Corinth', 'He said love is patient',
  'Love is kind and does not boast', 'Now faith hope and love remain', 'The greatest of these is love',
];
const words = scriptWords(SENTENCES);
let deepgram: MockSpeechEngine;
let assembly: MockSpeechEngine;
let azure: MockSpeechEngine;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const live = liveClients(() => ({ url, app: t.app, staffCookie: cast.staff.cookie, listenerCookie: cast.member.cookie, churchId: cast.church.id }));

beforeAll(async () => {
  [deepgram, assembly, azure] = await Promise.all([
    startMockDeepgram({ sentences: SENTENCES }), startMockAssemblyAI({ sentences: SENTENCES }), startMockAzureSpeech({ sentences: SENTENCES }),
  ]);
  t = await createTestApp({ DEEPGRAM_URL: deepgram.url, ASSEMBLYAI_URL: assembly.url, AZURE_SPEECH_STT_URL: azure.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id, { joinLive: ['en', 'pt'] });
  await t.app.inject({ method: 'POST', url: `/api/v1/churches/${cast.church.id}/glossary`, headers: { cookie: cast.churchAdmin.cookie }, payload: { language: 'en', term: 'Harbour City', kind: 'keep' } });
  await storeRecognitionEngine(t.ctx.db, cast.church.id, 'primary', { kind: 'deepgram', url: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_DEEPGRAM_KEY) });
  await storeRecognitionEngine(t.ctx.db, cast.church.id, 'failover', { kind: 'assemblyai', url: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_ASSEMBLYAI_KEY) });
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([deepgram.close(), assembly.close(), azure.close()]);
});
afterEach(() => {
  live.closeAll();
  deepgram.revive();
  azure.revive();
});

/** Streams `audio` as 100 ms frames, `speed` times faster than real time. */
async function stream(socket: ClientSocket, sermon: Sermon, audio: Buffer, speed = 4, from = 0, onFrame?: (index: number) => void) {
  let seq = from;
  for (let o = 0, i = 0; o < audio.length; o += 3200, i++) {
    socket.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: seq++, audio: audio.subarray(o, o + 3200) });
    onFrame?.(i);
    await new Promise((r) => setTimeout(r, 100 / speed));
  }
  return seq;
}

describe('server recognition', () => {
  it('hears the speaker through the first engine, with the glossary as boosted words, and the speaker sees which engine listens', async () => {
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const states = record<RecognitionStateEvent>(speaker, recognitionEvents.state);
    const en = await live.listener(sermon, 'en');
    const started = ok(await request<{ engine: string; slot: string }>(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }));
    expect(started).toMatchObject({ engine: 'deepgram', slot: 'primary' });
    expect(deepgram.connections.at(-1)!.query.getAll('keyterm')[0]).toBe('Harbour City');
    await stream(speaker, sermon, encodedSpeech(words, 0, 13));
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual(SENTENCES.slice(0, 2)));
    expect(en.partials().length).toBeGreaterThan(0);
    expect(states.some((s) => s.heard?.text === SENTENCES[1])).toBe(true);
    ok(await request(speaker, recognitionEvents.audioStop, { sermonId: sermon.id }));
    await eventually(async () => {
      const rows = await t.ctx.db.select().from(recognitionUsage);
      expect(rows.find((r) => r.sermonId === sermon.id && r.engine === 'deepgram')?.seconds).toBeGreaterThan(3);
    });
  });

  it('moves to the second engine when the first is killed mid-sermon: no word lost or said twice', async () => {
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const states = record<RecognitionStateEvent>(speaker, recognitionEvents.state);
    const en = await live.listener(sermon, 'en');
    ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }));
    const audio = encodedSpeech(words);
    // Killed in the middle of the third sentence.
    const killAt = Math.floor(encodedSpeech(words, 0, 14).length / 3200);
    await stream(speaker, sermon, audio, 4, 0, (i) => i === killAt && deepgram.kill());
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual(SENTENCES), 8000);
    expect(states.some((s) => s.engine === 'assemblyai' && s.state === 'listening')).toBe(true);
    const [row] = await t.ctx.db.select().from(churchRecognitionEngines);
    expect(row).toBeDefined();
  });

  it('refuses audio from a listener, oversized, malformed and too fast frames, and goes on hearing the speaker', async () => {
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const en = await live.listener(sermon, 'en');
    const errors = record<LiveError>(speaker, liveEvents.error);
    const listenerErrors = record<LiveError>(en.socket, liveEvents.error);
    ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }));
    const refusedStart = await request(en.socket, recognitionEvents.audioStart, { sermonId: sermon.id });
    expect(refusedStart.ok).toBe(false);
    en.socket.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: 0, audio: Buffer.alloc(3200, 1) });
    speaker.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: 0, audio: Buffer.alloc(40_000) });
    speaker.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: 0, audio: Buffer.alloc(3201) });
    speaker.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: 0, audio: 'not audio' });
    await eventually(() => expect(listenerErrors.map((e) => e.code)).toEqual(['forbidden']));
    await eventually(() => expect(errors.map((e) => e.code)).toEqual(['too_large', 'invalid_payload', 'invalid_payload']));
    // 30 s of audio at once: more than the 10 s a page may send ahead.
    for (let i = 0; i < 70; i++) speaker.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: i, audio: Buffer.alloc(16_000) });
    await eventually(() => expect(errors.some((e) => e.code === 'too_fast')).toBe(true));
    await settle(1200);
    await stream(speaker, sermon, encodedSpeech(words, 0, 6), 2);
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual([SENTENCES[0]]));
  });
  it('takes whole the 20 s a page held while its socket was away, resent as the page paces it (decisions 056, 059)', async () => {
    const sermon = await live.goLive();
    const before = await live.speaker(sermon);
    const en = await live.listener(sermon, 'en');
    ok(await request(before, recognitionEvents.audioStart, { sermonId: sermon.id }));
    const seq = await stream(before, sermon, encodedSpeech(words, 0, 6));
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual([SENTENCES[0]]));
    before.disconnect();

    // What the page held while away: the next three sentences, then quiet, 20 s in 200 frames.
    const spoken = encodedSpeech(words, 6, 25);
    const heldAudio = Buffer.concat([spoken, Buffer.alloc(HELD_AUDIO_FRAMES * 3200 - spoken.length)]);
    const back = await live.speaker(sermon);
    const errors = record<LiveError>(back, liveEvents.error);
    ok(await request(back, recognitionEvents.audioStart, { sermonId: sermon.id }));
    let next = seq;
    const held = createHeldAudio<Buffer>((audio) => back.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: next++, audio }), {
      now: () => performance.now(),
      later: (fn, ms) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
    });
    for (let o = 0; o < heldAudio.length; o += 3200) held.push(heldAudio.subarray(o, o + 3200));
    expect(held.waiting).toBe(HELD_AUDIO_FRAMES);
    held.open();
    await eventually(() => expect(held.waiting).toBe(0), 15_000);
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual(SENTENCES.slice(0, 4)), 8000);
    expect(errors.filter((e) => e.code === 'too_fast')).toEqual([]);
  });
});

describe('Azure Speech on the server', () => {
  /** The church's speech key (Live settings), which Azure on the server uses; then Azure first and Deepgram second. */
  async function azureThenDeepgram(speechKey: string) {
    await t.ctx.db.update(churches).set({ speechKeyEnc: t.ctx.secrets.encrypt(speechKey), speechLocation: 'australiaeast' }).where(eq(churches.id, cast.church.id));
    invalidateChurchProviders(t.ctx, cast.church.id);
    await storeRecognitionEngine(t.ctx.db, cast.church.id, 'primary', { kind: 'azure-server', url: null, model: null, keyEnc: null });
    await storeRecognitionEngine(t.ctx.db, cast.church.id, 'failover', { kind: 'deepgram', url: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_DEEPGRAM_KEY) });
  }

  it('hears the sermon with the church\'s speech key and its glossary as a phrase list, and Deepgram takes over when Azure is killed: no word lost or said twice', async () => {
    await azureThenDeepgram(MOCK_AZURE_SPEECH_KEY);
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const states = record<RecognitionStateEvent>(speaker, recognitionEvents.state);
    const en = await live.listener(sermon, 'en');
    expect(ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }))).toMatchObject({ engine: 'azure-server', slot: 'primary' });
    const heard = azure.connections.at(-1)!;
    expect(heard.query.get('language')).toBe('en-AU');
    const killAt = Math.floor(encodedSpeech(words, 0, 14).length / 3200);
    // Three times real time: 17 s of audio stays within what a page may send ahead (too_fast).
    await stream(speaker, sermon, encodedSpeech(words), 3, 0, (i) => i === killAt && azure.kill());
    // The SDK sends its speech.context (with the phrase list) with the first audio.
    const context = heard.messages.find((m) => m.path === 'speech.context') as { body: { dgi: { groups: { items: { text: string }[] }[] } } };
    expect(context.body.dgi.groups[0]!.items[0]!.text).toBe('Harbour City');
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual(SENTENCES), 8000);
    expect(states.some((s) => s.engine === 'azure-server' && s.heard?.text === SENTENCES[0])).toBe(true);
    expect(states.some((s) => s.engine === 'deepgram' && s.state === 'listening')).toBe(true);
    ok(await request(speaker, recognitionEvents.audioStop, { sermonId: sermon.id }));
    await eventually(async () => {
      const rows = await t.ctx.db.select().from(recognitionUsage).where(eq(recognitionUsage.sermonId, sermon.id));
      // Closed: reopened once (the policy), refused (down): the other engine.
      expect(rows.find((r) => r.engine === 'azure-server')).toMatchObject({ failures: 2 });
      expect(rows.find((r) => r.engine === 'azure-server')!.seconds).toBeGreaterThan(3);
      expect(rows.find((r) => r.engine === 'deepgram')!.seconds).toBeGreaterThan(1);
    });
  });

  it('a speech key Azure refuses sends the sermon to the second engine at once, and the first engine\'s health says why', async () => {
    await azureThenDeepgram('not-the-speech-key');
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const en = await live.listener(sermon, 'en');
    expect(ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }))).toMatchObject({ engine: 'deepgram', slot: 'failover' });
    await stream(speaker, sermon, encodedSpeech(words, 0, 6));
    await eventually(() => expect(en.finals().map((c) => c.text)).toEqual([SENTENCES[0]]));
    await eventually(async () => {
      const [row] = await t.ctx.db.select().from(churchRecognitionEngines).where(eq(churchRecognitionEngines.slot, 'primary'));
      expect(row!.lastError).toBe('The engine refused the key (HTTP 401)');
    });
  });
});
