import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import {
  MOCK_ASSEMBLYAI_KEY, MOCK_DEEPGRAM_KEY, MOCK_OPENAI_REALTIME_KEY, startMockAssemblyAI, startMockDeepgram, startMockOpenAIRealtime, type MockSpeechEngine,
} from '../../../test/mock-engines';
import { auditLog, churchRecognitionEngines } from '../../db/schema';

let deepgram: MockSpeechEngine;
let assembly: MockSpeechEngine;
let realtime: MockSpeechEngine;
beforeAll(async () => {
  [deepgram, assembly, realtime] = await Promise.all([startMockDeepgram({ sentences: ['Hello'] }), startMockAssemblyAI({ sentences: ['Hello'] }), startMockOpenAIRealtime({ sentences: ['Hello'] })]);
});
afterAll(async () => { await Promise.all([deepgram, assembly, realtime].map((m) => m.close())); });

const app = useCastApp(() => ({ DEEPGRAM_URL: deepgram.url, ASSEMBLYAI_URL: assembly.url, OPENAI_REALTIME_URL: realtime.url }));
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
    expect(mode.json()).toEqual({ mode: 'server', engines: [{ slot: 'primary', kind: 'deepgram', failing: false }, { slot: 'failover', kind: 'openai-realtime', failing: false }] });
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
});
