import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { MOCK_GOOGLE_TTS_KEY, MOCK_OPENAI_SPEECH_KEY, startMockGoogleTts, startMockOpenAISpeech, type Loopback } from '../../../test/mock-engines';
import { auditLog, churchVoiceEngines, sermons } from '../../db/schema';
import { providersForChurch } from '../../providers/church-providers';
import { voiceUsageOf } from '../../providers/speech/voice-usage';

let openai: Loopback;
let google: Loopback;
beforeAll(async () => { [openai, google] = await Promise.all([startMockOpenAISpeech(), startMockGoogleTts()]); });
afterAll(async () => { await Promise.all([openai.close(), google.close()]); });

const app = useCastApp(() => ({ GOOGLE_TTS_URL: google.url }));
const enginesUrl = (churchId: string) => `/churches/${churchId}/voice-engines`;
const openaiBody = () => ({ kind: 'openai', url: `${openai.url}/v1`, model: 'tts-1', key: MOCK_OPENAI_SPEECH_KEY });

describe('voice engine settings', () => {
  it('lets the church admin and platform admins read them, and no one else', async () => {
    const { cast, call } = app;
    expect((await call('GET', enginesUrl(cast.church.id), cast.churchAdmin.cookie)).statusCode).toBe(200);
    expect((await call('GET', enginesUrl(cast.church.id), cast.platformAdmin.cookie)).statusCode).toBe(200);
    expect((await call('GET', enginesUrl(cast.church.id), cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.member.cookie, openaiBody())).statusCode).toBe(403);
    expect((await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.member.cookie, openaiBody())).statusCode).toBe(403);
    expect((await call('GET', enginesUrl(cast.church.id), '')).statusCode).toBe(401);
  });

  it("answers 404 for another church's engines, whatever the verb, and calls no engine", async () => {
    const { cast, call } = app;
    for (const [method, url, payload] of [
      ['GET', enginesUrl(cast.otherChurch.id), undefined],
      ['PUT', `${enginesUrl(cast.otherChurch.id)}/primary`, openaiBody()],
      ['DELETE', `${enginesUrl(cast.otherChurch.id)}/primary`, undefined],
      ['POST', `${enginesUrl(cast.otherChurch.id)}/test`, openaiBody()],
    ] as const) {
      expect((await call(method, url, cast.churchAdmin.cookie, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(openai.count()).toBe(0);
  });

  it('says a wrong key as an auth failure in the engine\'s words, and refuses to save it untested', async () => {
    const { cast, call } = app;
    const wrong = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, { ...openaiBody(), key: 'sk-wrong' });
    expect(wrong.json()).toMatchObject({ ok: false, kind: 'openai', error: { kind: 'auth', status: 401, message: 'The engine refused the key (HTTP 401)' } });
    const google401 = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, { kind: 'google', key: 'AIza-wrong' });
    expect(google401.json()).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(google401.body).not.toContain('API key not valid');
    const refused = await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie, { ...openaiBody(), key: 'sk-wrong' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ type: expect.stringContaining('engine_test_failed') });
    expect((await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie, { kind: 'google' })).statusCode).toBe(400);
    expect((await call('PUT', `${enginesUrl(cast.church.id)}/failover`, cast.churchAdmin.cookie, { kind: 'espeak' })).json()).toMatchObject({ type: expect.stringContaining('engine_primary_first') });
    const azure = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, { kind: 'azure' });
    expect(azure.json()).toMatchObject({ type: expect.stringContaining('speech_key_missing') });
  });

  it('tests and saves two engines, keeps the key encrypted and masked, and the church\'s voice speaks with them', async () => {
    const { cast, call, t } = app;
    const tested = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, openaiBody());
    expect(tested.json()).toMatchObject({ ok: true, kind: 'openai', error: null });
    expect(tested.json().seconds).toBeGreaterThan(1);
    const saved = await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie, openaiBody());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().engines[0]).toMatchObject({ slot: 'primary', kind: 'openai', hasKey: true, key: '••••0001', url: `${openai.url}/v1`, model: 'tts-1' });
    const second = await call('PUT', `${enginesUrl(cast.church.id)}/failover`, cast.churchAdmin.cookie, { kind: 'google', key: MOCK_GOOGLE_TTS_KEY });
    expect(second.statusCode).toBe(200);
    // A key left out keeps the stored one: saving the same settings again changes nothing.
    expect((await call('PUT', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie, { ...openaiBody(), key: '' })).statusCode).toBe(400);

    const [row] = await t.ctx.db.select().from(churchVoiceEngines).where(eq(churchVoiceEngines.churchId, cast.church.id));
    expect(row!.keyEnc).not.toContain(MOCK_OPENAI_SPEECH_KEY);
    const audits = JSON.stringify(await t.ctx.db.select().from(auditLog));
    expect(audits).toContain('church.voice_engine.save');
    expect(audits).not.toContain(MOCK_OPENAI_SPEECH_KEY);
    expect(JSON.stringify(second.json())).not.toContain(MOCK_GOOGLE_TTS_KEY);

    // The church now has a server voice (no speech key needed), and its second engine takes over.
    const [sermon] = await t.ctx.db.insert(sermons).values({ broadcastId: 'voicetest01', churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', status: 'ended' }).returning();
    const { synthesizer } = await providersForChurch(t.ctx, cast.church.id);
    expect(synthesizer!.engines).toEqual([{ slot: 'primary', kind: 'openai' }, { slot: 'failover', kind: 'google' }]);
    openai.failNext({ status: 500, count: 20 });
    await synthesizer!.speak({ text: 'Deus é fiel', locale: 'pt-BR', gender: 'female', voiceId: 'pt-BR-FranciscaNeural', sermonId: sermon!.id });
    await voiceUsageOf(t.ctx).flush();
    const health = (await call('GET', enginesUrl(cast.church.id), cast.churchAdmin.cookie)).json().health;
    expect(health).toMatchObject([
      { slot: 'primary', kind: 'openai', failuresThisWeek: 1, lastError: expect.stringMatching(/^The engine (answered with an error \(HTTP 500\)|did not answer in time)$/) },
      { slot: 'failover', kind: 'google', charactersThisWeek: 11, failuresThisWeek: 0 },
    ]);
    const cost = (await call('GET', '/analytics/translation-usage', cast.churchAdmin.cookie)).json();
    expect(cost.voice).toEqual(expect.arrayContaining([expect.objectContaining({ sermonId: sermon!.id, engine: 'google', characters: 11 })]));

    const removed = await call('DELETE', `${enginesUrl(cast.church.id)}/primary`, cast.churchAdmin.cookie);
    expect(removed.json().engines).toMatchObject([{ slot: 'primary', kind: 'google' }]);
  });

  // eSpeak NG is a Debian package the README and .ci/run install: the test needs it, as the product does.
  it('tests the built-in voice, which needs no key and no service', async () => {
    const { cast, call } = app;
    const tested = await call('POST', `${enginesUrl(cast.church.id)}/test`, cast.churchAdmin.cookie, { kind: 'espeak', slot: 'failover' });
    expect(tested.json()).toMatchObject({ ok: true, kind: 'espeak', error: null });
    expect(tested.json().seconds).toBeGreaterThan(0.5);
  });
});
