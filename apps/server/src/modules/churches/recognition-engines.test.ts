import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import {
  MOCK_ASSEMBLYAI_KEY, MOCK_AZURE_SPEECH_KEY, MOCK_DEEPGRAM_KEY, MOCK_OPENAI_REALTIME_KEY,
  startMockAssemblyAI, startMockAzureSpeech, startMockDeepgram, startMockOpenAIRealtime, type MockSpeechEngine,
} from '../../../test/mock-engines';
import { auditLog, churches, churchRecognitionEngines } from '../../db/schema';
import { invalidateChurchProviders } from '../../providers/church-providers';

let deepgram: MockSpeechEngine;
let assembly: MockSpeechEngine;
let realtime: MockSpeechEngine;
let azure: MockSpeechEngine;
beforeAll(async () => {
  [deepgram, assembly, realtime, azure] = await Promise.all([
    startMockDeepgram({ sentences: ['Hello'] }), startMockAssemblyAI({ sentences: ['Hello'] }), startMockOpenAIRealtime({ sentences: ['Hello'] }), startMockAzureSpeech({ sentences: ['Hello'] }),
  ]);
});
afterAll(async () => { await Promise.all([deepgram, assembly, realtime, azure].map((m) => m.close())); });

const app = useCastApp(() => ({ DEEPGRAM_URL: deepgram.url, ASSEMBLYAI_URL: assembly.url, OPENAI_REALTIME_URL: realtime.url, AZURE_SPEECH_STT_URL: azure.url }));
const enginesUrl = (churchId: string) => `/churches/${churchId}/recognition-engines`;

describe('speech recognition engine settings', () => {
  it('lets the church admin and platform admins read them, and no one else', async () => {
    const { cast, call } = app;
    expect((await call('GET', enginesUrl(cast.church.id), cast.churchAdmin.cookie)).statusCode).toBe(200);
    expect((await call('GET', enginesUrl(cast.church.id), cast.platformAdmin.cookie)).statusCode).toBe(200);
    expect((await call('GET', enginesUrl(cast.church.id), cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.member.cookie, { kind: 'deepgram', key: MOCK_DEEPGRAM_KEY })).statusCode).toBe(403);
    expect((await call('GET', enginesUrl(cast.church.id), '')).statusCode).toBe(401);
  });

  it("answers 404 for another church's engines, whatever the verb, and calls no engine", async () => {
    const { cast, call } = app;
    const body = { kind: 'deepgram', key: MOCK_DEEPGRAM_KEY };
    for (const [method, url, payload] of [
      ['GET', enginesUrl(cast.otherChurch.id), undefined],
      ['PUT', `${enginesUrl(cast.otherChurch.id)}/primary`, body],
      ['DELETE', `${enginesUrl(cast.otherChurch.id)}/primary`, undefined],
      ['POST', `${enginesUrl(cast.otherChurch.id)}/test`, body],
      ['GET', `/speech/recognition?churchId=${cast.otherChurch.id}`, undefined],
    ] as const) {
      expect((await call(method, url, cast.churchAdmin.cookie, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(deepgram.connections.length).toBe(0);
  });

  it('tests before saving, keeps the key encrypted and masked, and tells the speaker page to stream to the server', async () => {
    const { cast, call } = app;
    const wrong = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, { kind: 'deepgram', key: 'wrong-key' });
    expect(wrong.json()).toMatchObject({ ok: false, error: { kind: 'auth' } });
    const refused = await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie, { kind: 'deepgram', key: 'wrong-key' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ type: expect.stringContaining('engine_test_failed') });

    const saved = await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie, { kind: 'deepgram', key: MOCK_DEEPGRAM_KEY });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().engines[0]).toMatchObject({ slot: 'primary', kind: 'deepgram', hasKey: true, key: '••••0001' });
    const second = await call('PUT', `${enginesUrl(cast.church.id)}/failover`, cast.churchAdmin.cookie, { kind: 'openai-realtime', url: 'https://speech.harbour.church/v1', key: MOCK_OPENAI_REALTIME_KEY });
    expect(second.statusCode).toBe(200);
    const [row] = await app.t.ctx.db.select().from(churchRecognitionEngines).where(eq(churchRecognitionEngines.churchId, cast.church.id));
    expect(row!.keyEnc).not.toContain(MOCK_DEEPGRAM_KEY);
    const audits = JSON.stringify(await app.t.ctx.db.select().from(auditLog));
    expect(audits).toContain('church.recognition_engine.save');
    expect(audits).not.toContain(MOCK_DEEPGRAM_KEY);
    expect(JSON.stringify(saved.json())).not.toContain(MOCK_DEEPGRAM_KEY);

    const mode = await call('GET', `/speech/recognition?churchId=${cast.church.id}`, cast.staff.cookie);
    expect(mode.json()).toEqual({ mode: 'server', engines: [{ slot: 'primary', kind: 'deepgram', failing: false }, { slot: 'failover', kind: 'openai-realtime', failing: false }], translator: { primary: 'demo', failover: null } });
    expect(JSON.stringify(mode.json())).not.toContain(MOCK_DEEPGRAM_KEY);

    const removed = await call('DELETE', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie);
    expect(removed.json().engines).toMatchObject([{ slot: 'primary', kind: 'openai-realtime' }]);
  });

  it('reports an engine nobody answers at as unreachable, and saves it only when asked to', async () => {
    const { cast, call } = app;
    assembly.kill();
    const tested = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, { kind: 'assemblyai', key: MOCK_ASSEMBLYAI_KEY, slot: 'failover' });
    expect(tested.json()).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
    const anyway = await call('PUT', `${enginesUrl(cast.church.id)}/failover`, cast.churchAdmin.cookie, { kind: 'assemblyai', key: MOCK_ASSEMBLYAI_KEY, saveUntested: true });
    expect(anyway.statusCode).toBe(200);
    assembly.revive();
  });

  it('Azure on the server: uses the church\'s speech key, which Test connection checks, pairs with a server engine, never with Azure in the browser', async () => {
    const { cast, call } = app;
    const url = enginesUrl(cast.church.id);
    await app.t.ctx.db.delete(churchRecognitionEngines).where(eq(churchRecognitionEngines.churchId, cast.church.id));
    const setSpeechKey = async (key: string) => {
      await app.t.ctx.db.update(churches).set({ speechKeyEnc: app.t.ctx.secrets.encrypt(key), speechLocation: 'australiaeast' }).where(eq(churches.id, cast.church.id));
      invalidateChurchProviders(app.t.ctx, cast.church.id);
    };
    const noKey = await call('PUT', `${url}/primary`, cast.churchAdmin.cookie, { kind: 'azure-server', saveUntested: true });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ type: expect.stringContaining('speech_key_missing') });

    await setSpeechKey('not-the-speech-key');
    const wrong = await call('POST', `${url}/test`, cast.churchAdmin.cookie, { kind: 'azure-server', slot: 'primary' });
    expect(wrong.json()).toMatchObject({ ok: false, kind: 'azure-server', error: { kind: 'auth', message: 'The engine refused the key (HTTP 401)' } });
    expect((await call('PUT', `${url}/primary`, cast.churchAdmin.cookie, { kind: 'azure-server' })).statusCode).toBe(422);

    await setSpeechKey(MOCK_AZURE_SPEECH_KEY);
    expect((await call('POST', `${url}/test`, cast.member.cookie, { kind: 'azure-server', slot: 'primary' })).statusCode).toBe(403);
    expect((await call('PUT', `${enginesUrl(cast.otherChurch.id)}/primary`, cast.churchAdmin.cookie, { kind: 'azure-server' })).statusCode).toBe(404);
    const tested = await call('POST', `${url}/test`, cast.churchAdmin.cookie, { kind: 'azure-server', slot: 'primary' });
    expect(tested.json()).toMatchObject({ ok: true, kind: 'azure-server', error: null });
    const saved = await call('PUT', `${url}/primary`, cast.churchAdmin.cookie, { kind: 'azure-server' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().engines[0]).toMatchObject({ slot: 'primary', kind: 'azure-server', hasKey: false });
    expect(JSON.stringify(saved.json())).not.toContain(MOCK_AZURE_SPEECH_KEY);

    const paired = await call('PUT', `${url}/failover`, cast.churchAdmin.cookie, { kind: 'deepgram', key: MOCK_DEEPGRAM_KEY });
    expect(paired.statusCode).toBe(200);
    const browser = await call('PUT', `${url}/failover`, cast.churchAdmin.cookie, { kind: 'azure' });
    expect(browser.statusCode).toBe(400);
    expect(browser.json()).toMatchObject({ type: expect.stringContaining('engine_mix') });
    const mode = await call('GET', `/speech/recognition?churchId=${cast.church.id}`, cast.staff.cookie);
    expect(mode.json()).toEqual({ mode: 'server', engines: [{ slot: 'primary', kind: 'azure-server', failing: false }, { slot: 'failover', kind: 'deepgram', failing: false }], translator: { primary: 'demo', failover: null } });

    azure.kill();
    const down = await call('POST', `${url}/test`, cast.churchAdmin.cookie, { kind: 'azure-server', slot: 'primary' });
    expect(down.json()).toMatchObject({ ok: false, error: { kind: 'unreachable', message: 'The address could not be reached' } });
    azure.revive();
  });
});
