import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import {
  MOCK_DEEPL_KEY, MOCK_GOOGLE_KEY, MOCK_LIBRE_KEY, MOCK_OPENAI_KEY, MOCK_OPENAI_MODEL,
  startMockDeepL, startMockGoogle, startMockLibreTranslate, startMockOpenAI, type Loopback, type MockDeepL, type MockOpenAI,
} from '../../../test/mock-engines';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { auditLog, churchLanguages, churches, churchTranslationEngines } from '../../db/schema';
import { providersForChurch } from '../../providers/church-providers';

let deepl: MockDeepL;
let google: Loopback;
let libre: Loopback;
let model: MockOpenAI;
let azure: MockAzure;
beforeAll(async () => {
  [deepl, google, libre, model, azure] = await Promise.all([startMockDeepL(), startMockGoogle(), startMockLibreTranslate({ key: MOCK_LIBRE_KEY }), startMockOpenAI(), startMockAzure()]);
});
afterAll(async () => { await Promise.all([deepl, google, libre, model, azure].map((m) => m.close())); });
beforeEach(() => { for (const m of [deepl, google, libre, model]) m.reset(); azure.reset(); });

const app = useCastApp(() => ({
  DEEPL_API_URL: deepl.url, GOOGLE_TRANSLATE_URL: google.url, LIBRETRANSLATE_URL: libre.url,
  OPENAI_BASE_URL: model.baseUrl, AZURE_TRANSLATOR_ENDPOINT: azure.url,
}));

const enginesUrl = (churchId: string) => `/churches/${churchId}/translation-engines`;

async function freshChurch(join: string[] = ['pt', 'es', 'hi']) {
  const church = await buildChurch(app.t.ctx.db);
  if (join.length) await app.t.ctx.db.insert(churchLanguages).values(join.map((code) => ({ churchId: church.id, list: 'join_live' as const, code, name: code })));
  return church;
}

describe('translation engine settings: who may', () => {
  it('lets the church admin and platform admins read them, and no one else', async () => {
    const { cast, call } = app;
    expect((await call('GET', enginesUrl(cast.church.id), cast.churchAdmin.cookie)).statusCode).toBe(200);
    expect((await call('GET', enginesUrl(cast.church.id), cast.platformAdmin.cookie)).statusCode).toBe(200);
    expect((await call('GET', enginesUrl(cast.church.id), cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('GET', enginesUrl(cast.church.id), cast.member.cookie)).statusCode).toBe(403);
    expect((await call('GET', enginesUrl(cast.church.id), '')).statusCode).toBe(401);
  });

  it("answers 404 for another church's engines, whatever the verb", async () => {
    const { cast, call } = app;
    const body = { kind: 'deepl', key: MOCK_DEEPL_KEY };
    for (const [method, url, payload] of [
      ['GET', enginesUrl(cast.otherChurch.id), undefined],
      ['PUT', `${enginesUrl(cast.otherChurch.id)}/primary`, body],
      ['DELETE', `${enginesUrl(cast.otherChurch.id)}/primary`, undefined],
      ['POST', `${enginesUrl(cast.otherChurch.id)}/test`, body],
    ] as const) {
      const res = await call(method, url, cast.churchAdmin.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(deepl.count()).toBe(0);
    expect(await app.t.ctx.db.select().from(churchTranslationEngines).where(eq(churchTranslationEngines.churchId, cast.otherChurch.id))).toEqual([]);
  });

  it('refuses staff a Test connection', async () => {
    const res = await app.call('POST', `${enginesUrl(app.cast.church.id)}/test`, app.cast.staff.cookie, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    expect(res.statusCode).toBe(403);
  });
});

describe('choosing engines', () => {
  it('tests DeepL, saves it with the key encrypted and masked, and the church then translates with it', async () => {
    const church = await freshChurch();
    const res = await app.call('PUT', `${enginesUrl(church.id)}/primary`, app.cast.platformAdmin.cookie, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    expect(res.statusCode).toBe(200);
    expect(res.json().engines).toEqual([expect.objectContaining({ slot: 'primary', kind: 'deepl', hasKey: true, key: '••••1:fx' })]);
    expect(res.body).not.toContain(MOCK_DEEPL_KEY);
    expect(deepl.last('/v2/translate')!.json).toMatchObject({ target_lang: 'PT-BR' });
    const [row] = await app.t.ctx.db.select().from(churchTranslationEngines).where(eq(churchTranslationEngines.churchId, church.id));
    expect(row!.keyEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(MOCK_DEEPL_KEY);
    expect((await app.call('GET', `/churches/${church.id}`, app.cast.platformAdmin.cookie)).json().liveSettings).toMatchObject({ translatorKind: 'deepl', failoverKind: null });
    const p = await providersForChurch(app.t.ctx, church.id);
    expect((await p.translator.translateTraced('Amen and amen', 'en', ['es'])).engineOf).toEqual({ es: 'deepl' });
    const audit = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.churchId, church.id), eq(auditLog.action, 'church.translation_engine.save')));
    expect(audit.map((a) => a.details)).toEqual([{ slot: 'primary', kind: 'deepl', tested: 'passed' }]);
    expect(JSON.stringify(audit)).not.toContain(MOCK_DEEPL_KEY);
  });

  it('refuses an engine that fails its test, in its own words, unless told to save it untested', async () => {
    const church = await freshChurch();
    const refused = await app.call('PUT', `${enginesUrl(church.id)}/primary`, await adminOf(church.id), { kind: 'google', key: 'AIza-wrong-key' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'engine_test_failed', detail: 'The engine refused the key (HTTP 400)' });
    expect(await app.t.ctx.db.select().from(churchTranslationEngines).where(eq(churchTranslationEngines.churchId, church.id))).toEqual([]);
    const saved = await app.call('PUT', `${enginesUrl(church.id)}/primary`, await adminOf(church.id), { kind: 'google', key: 'AIza-wrong-key', saveUntested: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().engines[0]).toMatchObject({ kind: 'google', key: '••••-key' });
  });

  it('keeps the stored key when the field is left empty, and says when nothing changed', async () => {
    const church = await freshChurch();
    const admin = await adminOf(church.id);
    expect((await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'libretranslate', url: 'https://translate.harbour.church/', key: MOCK_LIBRE_KEY })).statusCode).toBe(200);
    const again = await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'libretranslate', url: 'https://translate.harbour.church', key: '' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('no_changes');
    const noKey = await app.call('PUT', `${enginesUrl(church.id)}/failover`, admin, { kind: 'deepl' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toEqual([{ field: 'key', message: 'This field is required', key: 'validation.required' }]);
  });

  it('needs a first engine before a second, and makes the second the first when the first is removed', async () => {
    const church = await freshChurch();
    const admin = await adminOf(church.id);
    const early = await app.call('PUT', `${enginesUrl(church.id)}/failover`, admin, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    expect(early.json()).toMatchObject({ code: 'engine_primary_first' });
    await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'openai', url: 'https://api.openai.com/v1', model: MOCK_OPENAI_MODEL, key: MOCK_OPENAI_KEY });
    const both = await app.call('PUT', `${enginesUrl(church.id)}/failover`, admin, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    expect(both.json().engines.map((e: { slot: string; kind: string }) => `${e.slot}:${e.kind}`)).toEqual(['primary:openai', 'failover:deepl']);
    const removed = await app.call('DELETE', `${enginesUrl(church.id)}/primary`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().engines).toEqual([expect.objectContaining({ slot: 'primary', kind: 'deepl', hasKey: true })]);
    expect((await app.call('DELETE', `${enginesUrl(church.id)}/failover`, admin)).statusCode).toBe(404);
    await app.call('DELETE', `${enginesUrl(church.id)}/primary`, admin);
    expect((await providersForChurch(app.t.ctx, church.id)).translatorKind).toBe('demo');
  });

  it('tells the speaker which engine translates the captions, and plainly when it is the demo', async () => {
    const church = await freshChurch();
    const admin = await adminOf(church.id);
    const staff = await buildUser(app.t.ctx.db, 'staff', { churchId: church.id });
    const staffCookie = await sessionCookie(app.t.ctx.db, staff.id);
    const speaker = async () => (await app.call('GET', `/speech/recognition?churchId=${church.id}`, staffCookie)).json().translator;
    expect(await speaker()).toEqual({ primary: 'demo', failover: null });
    await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'openai', url: 'https://api.openai.com/v1', model: MOCK_OPENAI_MODEL, key: MOCK_OPENAI_KEY });
    await app.call('PUT', `${enginesUrl(church.id)}/failover`, admin, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    expect(await speaker()).toEqual({ primary: 'openai', failover: 'deepl' });
    // A member is not a speaker; another church's speaker learns nothing of this church.
    const member = await buildUser(app.t.ctx.db, 'member', { churchId: church.id });
    expect((await app.call('GET', `/speech/recognition?churchId=${church.id}`, await sessionCookie(app.t.ctx.db, member.id))).statusCode).toBe(403);
    expect((await app.call('GET', `/speech/recognition?churchId=${church.id}`, app.cast.staff.cookie)).statusCode).toBe(404);
  });

  it("validates each engine's fields, and keeps Azure's endpoint on Azure's hosts", async () => {
    const church = await freshChurch();
    const admin = await adminOf(church.id);
    const res = await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'openai', url: 'ftp://model.local', model: 'bad model!' });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries((res.json().errors as Array<{ field: string; key: string }>).map((e) => [e.field, e.key]));
    expect(fields).toMatchObject({ url: 'validation.engineUrlInvalid', model: 'validation.engineModelInvalid' });
    const azureElsewhere = await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'azure', key: MOCK_TRANSLATOR_KEY, region: 'global', endpoint: 'https://collector.example.com' });
    expect(azureElsewhere.json().errors).toEqual([expect.objectContaining({ field: 'endpoint', key: 'validation.translatorEndpointInvalid' })]);
    expect((await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'babel' })).statusCode).toBe(400);
  });

  it("keeps a church's Azure key from before engines had their own place", async () => {
    const church = await freshChurch();
    await app.t.ctx.db.update(churches).set({ translatorKeyEnc: app.t.ctx.secrets.encrypt(MOCK_TRANSLATOR_KEY), translatorLocation: 'australiaeast' }).where(eq(churches.id, church.id));
    const res = await app.call('GET', enginesUrl(church.id), await adminOf(church.id));
    expect(res.json().engines).toEqual([expect.objectContaining({ slot: 'primary', kind: 'azure', region: 'australiaeast', key: '••••0001' })]);
  });
});

describe('Test connection', () => {
  it('translates the sample line and gives its latency, and names the listening languages the engine lacks', async () => {
    const church = await freshChurch(['pt', 'es', 'hi']);
    const res = await app.call('POST', `${enginesUrl(church.id)}/test`, await adminOf(church.id), { kind: 'libretranslate', url: 'https://translate.harbour.church', key: MOCK_LIBRE_KEY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true, kind: 'libretranslate', error: null, missingLanguages: ['hi'],
      sample: { from: 'en', to: 'pt', text: 'Grace and peace to you from God our Father.', translation: '[pt] Grace and peace to you from God our Father.' },
    });
    expect(res.json().latencyMs).toBeGreaterThanOrEqual(0);
    expect(await app.t.ctx.db.select().from(churchTranslationEngines).where(eq(churchTranslationEngines.churchId, church.id))).toEqual([]);
  });

  it.each([
    { kind: 'azure', region: 'australiaeast', status: 401, words: 'credentials are missing or invalid' },
    { kind: 'deepl', status: 403, words: 'Authorization failure, check auth_key' },
    { kind: 'google', status: 400, words: 'API key not valid' },
    { kind: 'libretranslate', url: 'https://translate.harbour.church', status: 403, words: 'Invalid API key' },
    { kind: 'openai', url: 'https://api.openai.com/v1', model: MOCK_OPENAI_MODEL, status: 401, words: 'Incorrect API key provided' },
  ])('answers a wrong $kind key as a key problem, in the server\'s words only (decision 041)', async ({ status, words, ...engine }) => {
    const church = await freshChurch();
    const res = await app.call('POST', `${enginesUrl(church.id)}/test`, await adminOf(church.id), { ...engine, key: 'wrong-key-0000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, error: { kind: 'auth', status, message: `The engine refused the key (HTTP ${status})` }, sample: { translation: null } });
    expect(res.body).not.toContain(words);
    expect(res.body).not.toContain('wrong-key-0000');
  });

  it('uses the stored key when none is typed', async () => {
    const church = await freshChurch();
    const admin = await adminOf(church.id);
    await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    const res = await app.call('POST', `${enginesUrl(church.id)}/test`, admin, { kind: 'deepl', slot: 'primary' });
    expect(res.json()).toMatchObject({ ok: true, missingLanguages: ['hi'] });
  });
});

describe('engine health', () => {
  it("shows each engine's recent latency, its last error and this week's failures", async () => {
    const church = await freshChurch();
    const admin = await adminOf(church.id);
    await app.call('PUT', `${enginesUrl(church.id)}/primary`, admin, { kind: 'deepl', key: MOCK_DEEPL_KEY });
    await app.call('PUT', `${enginesUrl(church.id)}/failover`, admin, { kind: 'google', key: MOCK_GOOGLE_KEY });
    const { translator } = await providersForChurch(app.t.ctx, church.id);
    await translator.translateTraced('Grace and peace', 'en', ['pt']);
    deepl.failNext({ status: 403, path: '/v2/translate' });
    expect((await translator.translateTraced('Amen and amen', 'en', ['pt'])).engineOf).toEqual({ pt: 'google' });
    const res = await app.call('GET', enginesUrl(church.id), admin);
    const health = res.json().health as Array<Record<string, unknown>>;
    expect(health).toEqual([
      expect.objectContaining({ slot: 'primary', kind: 'deepl', requestsThisWeek: 2, failuresThisWeek: 1, lastError: 'The engine refused the key (HTTP 403)' }),
      expect.objectContaining({ slot: 'failover', kind: 'google', requestsThisWeek: 1, failuresThisWeek: 0, lastError: null }),
    ]);
    expect(health[0]!.recentLatencyMs).toEqual(expect.any(Number));
    expect(health[1]!.lastOkAt).toEqual(expect.any(String));
  });
});

/** A church admin of `churchId`, signed in. */
async function adminOf(churchId: string): Promise<string> {
  const admin = await buildUser(app.t.ctx.db, 'church_admin', { churchId });
  return sessionCookie(app.t.ctx.db, admin.id);
}
