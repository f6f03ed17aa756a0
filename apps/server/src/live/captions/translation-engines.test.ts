import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { liveEvents, type Caption, type ListenerJoinAck, type SegmentAck, type Sermon, type SpeakerJoinAck, type TranslationUsageRow } from '@app/shared';
import { buildCast, buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { addChurchLanguages, connectLive, eventually, listen, ok, record, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  MOCK_DEEPL_KEY, MOCK_GOOGLE_KEY, MOCK_LIBRE_KEY, MOCK_OPENAI_KEY, MOCK_OPENAI_MODEL,
  startMockDeepL, startMockGoogle, startMockLibreTranslate, startMockOpenAI, type Loopback, type MockDeepL, type MockOpenAI,
} from '../../../test/mock-engines';
import { storeEngine } from '../../providers/translation/engine-store';
import { invalidateChurchProviders } from '../../providers/church-providers';
import { translateForLanguages } from './translate';

/**
 * A live sermon on the church's own engines (decision 033): captions say which engine made them,
 * the glossary holds on every engine, the second engine takes over when the first fails with
 * nothing lost, a model reads the sermon's previous lines, and the cost view counts it all.
 */
let deepl: MockDeepL;
let google: Loopback;
let model: MockOpenAI;
let libre: Loopback;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const open: ClientSocket[] = [];

beforeAll(async () => {
  [deepl, google, model, libre] = await Promise.all([startMockDeepL(), startMockGoogle(), startMockOpenAI(), startMockLibreTranslate({ key: MOCK_LIBRE_KEY })]);
  t = await createTestApp({ DEEPL_API_URL: deepl.url, GOOGLE_TRANSLATE_URL: google.url, OPENAI_BASE_URL: model.baseUrl, LIBRETRANSLATE_URL: libre.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id, { joinLive: ['en', 'pt', 'es', 'zh-Hans'] });
  await addChurchLanguages(t.ctx.db, cast.otherChurch.id, { joinLive: ['en', 'pt', 'es', 'zh-Hans'] });
  // The church's own name is kept as it is in every language.
  const glossary = await t.app.inject({
    method: 'POST', url: `/api/v1/churches/${cast.church.id}/glossary`, headers: { cookie: cast.churchAdmin.cookie },
    payload: { language: 'en', term: 'Harbour City', kind: 'keep' },
  });
  expect(glossary.statusCode).toBe(201);
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([deepl, google, model, libre].map((m) => m.close()));
});
beforeEach(() => { for (const m of [deepl, google, model, libre]) m.reset(); });
afterEach(() => { for (const s of open.splice(0)) s.disconnect(); });

async function useEngines(churchId: string, first: Parameters<typeof storeEngine>[3], second?: Parameters<typeof storeEngine>[3]) {
  await storeEngine(t.ctx.db, churchId, 'primary', first);
  if (second) await storeEngine(t.ctx.db, churchId, 'failover', second);
  invalidateChurchProviders(t.ctx, churchId);
}
const deeplEngine = () => ({ kind: 'deepl' as const, url: null, region: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_DEEPL_KEY) });
const googleEngine = () => ({ kind: 'google' as const, url: null, region: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_GOOGLE_KEY) });
const libreEngine = () => ({ kind: 'libretranslate' as const, url: 'https://translate.harbour.church', region: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_LIBRE_KEY) });
const modelEngine = () => ({ kind: 'openai' as const, url: 'https://api.openai.com/v1', region: null, model: MOCK_OPENAI_MODEL, keyEnc: t.ctx.secrets.encrypt(MOCK_OPENAI_KEY) });

async function client(cookie?: string) {
  const s = await connectLive(url, cookie);
  open.push(s);
  return s;
}
async function sermonWith(languages: string[], churchId = cast.church.id, who = cast.staff.cookie) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: who }, payload: { churchId, sourceLanguage: 'en' } });
  expect(res.statusCode).toBe(201);
  const sermon = res.json<Sermon>();
  const speaker = await client(who);
  ok(await request<SpeakerJoinAck>(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
  const listeners: Record<string, Caption[]> = {};
  for (const language of languages) {
    const s = await client(cast.member.cookie);
    listeners[language] = record<Caption>(s, liveEvents.caption);
    ok(await request<ListenerJoinAck>(s, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language, voice: 'none', lastSeq: 0 }));
  }
  let seq = 0;
  const say = async (text: string) => ok(await request<SegmentAck>(speaker, liveEvents.segment, { sermonId: sermon.id, seq: ++seq, text, final: true }));
  return { sermon, listeners, say };
}

describe('a sermon on DeepL with Google as the second engine', () => {
  it('gives three languages their captions from DeepL, glossary kept and fixed, then Google when DeepL fails: nothing lost', async () => {
    await useEngines(cast.church.id, deeplEngine(), googleEngine());
    const { listeners, say } = await sermonWith(['pt', 'es', 'zh-Hans']);
    await say('Welcome to Harbour City, grace to you.');
    await eventually(() => {
      for (const l of ['pt', 'es', 'zh-Hans']) expect(listeners[l]).toHaveLength(1);
    });
    expect(listeners.pt![0]).toMatchObject({ provider: 'deepl', text: '[PT-BR] WELCOME TO Harbour City, graça TO YOU.' });
    expect(listeners.es![0]).toMatchObject({ provider: 'deepl', text: '[ES] WELCOME TO Harbour City, gracia TO YOU.' });
    expect(listeners['zh-Hans']![0]).toMatchObject({ provider: 'deepl', text: '[ZH-HANS] WELCOME TO Harbour City, 恩典 TO YOU.' });
    expect(deepl.count('/v2/translate')).toBe(3);

    deepl.failNext({ status: 500, count: 1000, path: '/v2/translate' });
    await say('Let us pray for Harbour City.');
    await say('Amen and amen.');
    await eventually(() => {
      for (const l of ['pt', 'es', 'zh-Hans']) expect(listeners[l]!.map((c) => c.seq)).toEqual([1, 2, 3]);
    }, 15_000);
    for (const l of ['pt', 'es', 'zh-Hans']) expect(listeners[l]!.slice(1).map((c) => c.provider)).toEqual(['google', 'google']);
    expect(listeners.pt![1]!.text).toBe('[pt] LET US PRAY FOR Harbour City.');
    // After the outage the third line went to Google first: DeepL was not kept waiting on.
    const deeplRequests = deepl.count('/v2/translate');
    await say('One more line.');
    await eventually(() => expect(listeners.pt!.map((c) => c.seq)).toEqual([1, 2, 3, 4]));
    expect(deepl.count('/v2/translate')).toBe(deeplRequests);
  }, 30_000);

  it('marks a line untranslated only when both engines fail, and the sermon goes on', async () => {
    await useEngines(cast.otherChurch.id, deeplEngine(), googleEngine());
    const { listeners, say } = await sermonWith(['pt'], cast.otherChurch.id, cast.otherStaff.cookie);
    deepl.failNext({ status: 503, count: 1000, path: '/v2/translate' });
    google.failNext({ status: 503, count: 1000, path: '/language/translate/v2' });
    await say('Nobody can translate this.');
    await eventually(() => expect(listeners.pt).toEqual([expect.objectContaining({ seq: 1, provider: 'untranslated', text: 'Nobody can translate this.' })]), 15_000);
  }, 30_000);
});

/** Each engine as the first, with another as the second: what a church running a sermon on it sees. */
const everyEngine = [
  { kind: 'deepl', first: deeplEngine, second: googleEngine, secondKind: 'google', mock: () => deepl, path: '/v2/translate' },
  { kind: 'google', first: googleEngine, second: libreEngine, secondKind: 'libretranslate', mock: () => google, path: '/language/translate/v2' },
  { kind: 'libretranslate', first: libreEngine, second: deeplEngine, secondKind: 'deepl', mock: () => libre, path: '/translate' },
  { kind: 'openai', first: modelEngine, second: deeplEngine, secondKind: 'deepl', mock: () => model, path: '/v1/chat/completions' },
] as const;

describe.each(everyEngine)('a sermon on $kind', (engine) => {
  it('translates into three languages with the glossary kept and fixed, partial lines too; on 500s the second engine takes over with nothing lost; the cost view counts it', async () => {
    const church = await buildChurch(t.ctx.db);
    await addChurchLanguages(t.ctx.db, church.id, { joinLive: ['en', 'pt', 'es', 'zh-Hans'] });
    const admin = await buildUser(t.ctx.db, 'church_admin', { churchId: church.id });
    const adminCookie = await sessionCookie(t.ctx.db, admin.id);
    const glossary = await t.app.inject({ method: 'POST', url: `/api/v1/churches/${church.id}/glossary`, headers: { cookie: adminCookie }, payload: { language: 'en', term: 'Harbour City', kind: 'keep' } });
    expect(glossary.statusCode).toBe(201);
    await useEngines(church.id, engine.first(), engine.second());

    // A partial line (the captions' in-progress text) goes to the first engine too.
    const partial = await translateForLanguages(t.ctx, t.ctx.log, church.id, 'Welcome to Harbour', 'en', ['pt', 'es', 'zh-Hans'], { purpose: 'partial' });
    expect([...partial.byLanguage.values()].map((x) => x.provider)).toEqual([engine.kind, engine.kind, engine.kind]);

    const { listeners, say } = await sermonWith(['pt', 'es', 'zh-Hans'], church.id, adminCookie);
    await say('Welcome to Harbour City, grace to you.');
    await eventually(() => { for (const l of ['pt', 'es', 'zh-Hans']) expect(listeners[l]).toHaveLength(1); });
    const fixed: Record<string, string> = { pt: 'graça', es: 'gracia', 'zh-Hans': '恩典' };
    for (const l of ['pt', 'es', 'zh-Hans']) {
      expect(listeners[l]![0]).toMatchObject({ provider: engine.kind, final: true });
      expect(listeners[l]![0]!.text).toContain('Harbour City');
      expect(listeners[l]![0]!.text).toContain(fixed[l]);
    }

    engine.mock().failNext({ status: 500, count: 1000, path: engine.path });
    await say('Let us pray.');
    await eventually(() => { for (const l of ['pt', 'es', 'zh-Hans']) expect(listeners[l]!.map((c) => c.seq)).toEqual([1, 2]); }, 15_000);
    for (const l of ['pt', 'es', 'zh-Hans']) expect(listeners[l]![1]).toMatchObject({ provider: engine.secondKind, text: expect.stringMatching(/^\[.+\] Let us pray\.$/) });

    const usage = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/translation-usage', headers: { cookie: adminCookie } });
    const row = (usage.json().rows as TranslationUsageRow[]).find((r) => r.engine === engine.kind)!;
    expect(row).toMatchObject({ unit: engine.kind === 'openai' ? 'tokens' : 'characters', failures: 1 });
    expect(row.partialUnits).toBeGreaterThan(0);
    expect(row.finalUnits).toBeGreaterThan(0);
  }, 30_000);
});

describe('a sermon read by a model', () => {
  it("sends the model the sermon's previous lines, and DeepL's captions when its answer is invalid", async () => {
    await useEngines(cast.church.id, modelEngine(), deeplEngine());
    const { listeners, say } = await sermonWith(['pt', 'es']);
    await say('The wall of Jerusalem was broken.');
    await say('The people wept for many days.');
    await eventually(() => expect(listeners.pt!.map((c) => c.provider)).toEqual(['openai', 'openai']));
    const prompt = JSON.parse(model.last('/v1/chat/completions')!.body).messages[0].content as string;
    expect(prompt).toContain('> The wall of Jerusalem was broken.');
    expect(prompt).not.toContain(MOCK_OPENAI_KEY);

    model.answerNext(() => JSON.stringify({ pt: 'Então Neemias orou.' }));
    await say('Then Nehemiah prayed.');
    await eventually(() => expect(listeners.es).toHaveLength(3));
    expect(listeners.pt![2]).toMatchObject({ provider: 'deepl', text: expect.stringContaining('[PT-BR]') });
    expect(listeners.es![2]).toMatchObject({ provider: 'deepl' });
  }, 30_000);
});

describe('partial lines and the cost view', () => {
  it('tries a partial line once, and counts partial and final characters apart', async () => {
    const church = (await buildChurch(t.ctx.db)).id;
    await useEngines(church, deeplEngine());
    deepl.failNext({ status: 500, path: '/v2/translate' });
    const failed = await translateForLanguages(t.ctx, t.ctx.log, church, 'We sang', 'en', ['pt'], { purpose: 'partial' });
    expect(failed.byLanguage.get('pt')).toEqual({ text: 'We sang', provider: 'untranslated' });
    expect(deepl.count('/v2/translate')).toBe(1);
    await translateForLanguages(t.ctx, t.ctx.log, church, 'We sang together', 'en', ['pt', 'es'], { purpose: 'partial' });
    await translateForLanguages(t.ctx, t.ctx.log, church, 'We sang together all night', 'en', ['pt', 'es'], { purpose: 'final' });

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/analytics/translation-usage?churchId=${church}`, headers: { cookie: cast.platformAdmin.cookie } });
    expect(res.statusCode).toBe(200);
    const deeplRow = (res.json().rows as TranslationUsageRow[]).find((r) => r.engine === 'deepl')!;
    expect(deeplRow).toMatchObject({
      churchId: church, unit: 'characters',
      partialUnits: 'We sang together'.length * 2,
      finalUnits: 'We sang together all night'.length * 2,
      failures: 1,
    });
    expect(deeplRow.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
