import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { liveEvents, livestreamWarningEvent, type LivestreamSettings, type LivestreamWarning, type Sermon, type SpeakerJoinAck } from '@app/shared';
import { buildCast, buildChurch } from '../../../test/helpers/factories';
import { addChurchLanguages, connectLive, eventually, listen, ok, record, request, settle, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { startMockYouTube, type MockYouTube } from '../../../test/mock-youtube';
import { churchLanguages, livestreamFeeds, sermons } from '../../db/schema';
import { liveFor } from '../../live/live-service';
import { LivestreamService, livestreamOf } from './livestream-service';

let mock: MockYouTube;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
let service: LivestreamService;
const open: ClientSocket[] = [];

beforeAll(async () => {
  mock = await startMockYouTube();
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  url = await listen(t.app);
  // This "process" holds feeds for a second and a half after it dies, not fifteen.
  livestreamOf(t.ctx)!.halt();
  service = new LivestreamService(t.ctx, liveFor(t.ctx), { leaseMs: 1500 });
  service.start();
});
afterAll(async () => {
  await service.close();
  await t.close();
  await mock.close();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function goLive(): Promise<{ sermon: Sermon; speaker: ClientSocket }> {
  const sermon = (await api('POST', '/sermons', cast.staff.cookie, { churchId: cast.church.id, sourceLanguage: 'en' })).json<Sermon>();
  const speaker = await connectLive(url, cast.staff.cookie);
  open.push(speaker);
  ok(await request<SpeakerJoinAck>(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
  // The feed's language is translated from the next tick on, with nobody listening in it.
  await settle(400);
  return { sermon, speaker };
}

const say = (s: ClientSocket, sermon: Sermon, text: string) =>
  request(s, liveEvents.segment, { sermonId: sermon.id, seq: 1_000_000, text, final: true });

const texts = (stream: string) => mock.captions.filter((c) => c.stream === stream).map((c) => c.text);

describe('caption feed settings', () => {
  it('are for the church administrator: staff and members refused, another church 404, signed out 401', async () => {
    expect((await api('GET', `/churches/${cast.church.id}/livestream`, cast.churchAdmin.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/churches/${cast.church.id}/livestream`, cast.platformAdmin.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/churches/${cast.church.id}/livestream`, cast.staff.cookie)).statusCode).toBe(403);
    expect((await api('GET', `/churches/${cast.church.id}/livestream`, cast.member.cookie)).statusCode).toBe(403);
    expect((await api('GET', `/churches/${cast.church.id}/livestream`, cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await api('POST', `/churches/${cast.church.id}/livestream/feeds`, cast.otherAdmin.cookie, { kind: 'youtube', language: 'pt', url: 'https://x.example/a' })).statusCode).toBe(404);
    expect((await api('GET', `/churches/${cast.church.id}/livestream`)).statusCode).toBe(401);
  });

  it('keep the URL encrypted and show it masked, never whole', async () => {
    const secret = mock.streamUrl('settings-secret-key');
    const res = await api('POST', `/churches/${cast.otherChurch.id}/livestream/feeds`, cast.otherAdmin.cookie, { kind: 'youtube', language: 'pt', url: secret });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('settings-secret');
    expect(res.json<LivestreamSettings>().feeds[0]!.url).toMatch(/^127\.0\.0\.1:\d+\/••••-key$/);
    const [row] = await t.ctx.db.select().from(livestreamFeeds).where(eq(livestreamFeeds.churchId, cast.otherChurch.id));
    expect(row!.urlEnc).not.toContain('settings-secret');
    expect((await api('POST', `/churches/${cast.otherChurch.id}/livestream/feeds`, cast.otherAdmin.cookie, { kind: 'zoom', language: 'es', url: 'ftp://nope' })).statusCode).toBe(400);
    expect((await api('DELETE', `/churches/${cast.otherChurch.id}/livestream/feeds/${row!.id}`, cast.churchAdmin.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', `/churches/${cast.otherChurch.id}/livestream/feeds/${row!.id}`, cast.otherAdmin.cookie)).json<LivestreamSettings>().feeds).toEqual([]);
  });
});

describe('captions posted to YouTube during a live sermon', () => {
  it('reach the ingestion URL in order, once each, in its format; an outage warns the speaker and loses nothing; a new process continues', async () => {
    const stream = 'sunday';
    expect((await api('POST', `/churches/${cast.church.id}/livestream/feeds`, cast.churchAdmin.cookie, { kind: 'youtube', language: 'pt', url: mock.streamUrl(stream) })).statusCode).toBe(200);
    const { sermon, speaker } = await goLive();
    onTestFinished(async () => void (await api('POST', `/sermons/${sermon.id}/end`, cast.staff.cookie)));
    const warnings = record<LivestreamWarning>(speaker, livestreamWarningEvent);

    ok(await say(speaker, sermon, 'Zorblax alpha.'));
    ok(await say(speaker, sermon, 'Zorblax bravo.'));
    await eventually(() => expect(texts(stream)).toHaveLength(2));
    expect(texts(stream)[0]).toContain('Zorblax alpha.');

    // YouTube answers 500 for a while: the speaker is warned, the sermon goes on, the post is retried.
    mock.failWith = 500;
    ok(await say(speaker, sermon, 'Zorblax charlie.'));
    await eventually(() => expect(warnings.at(-1)?.problem).toBe('server_error'));
    mock.failWith = null;
    await eventually(() => expect(texts(stream)).toHaveLength(3), 8000);
    await eventually(() => expect(warnings.at(-1)?.problem).toBeNull());

    // The process dies holding the feed; another takes over once its lease runs out, from the database.
    service.halt();
    ok(await say(speaker, sermon, 'Zorblax delta.'));
    service = new LivestreamService(t.ctx, liveFor(t.ctx), { leaseMs: 1500, processId: 'second-process' });
    service.start();
    ok(await say(speaker, sermon, 'Zorblax echo.'));
    await eventually(() => expect(texts(stream)).toHaveLength(5), 8000);

    expect(texts(stream).map((s) => s.replace(/^\[PT demo\] /, '').replace(/^z/, 'Z'))).toEqual([
      'Zorblax alpha.', 'Zorblax bravo.', 'Zorblax charlie.', 'Zorblax delta.', 'Zorblax echo.',
    ]);
    expect(mock.violations).toEqual([]);
    const seqs = mock.posts.filter((p) => p.stream === stream && p.status === 200).map((p) => p.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  }, 30_000);
});

describe('subtitle files and listen again', () => {
  it('serve every language the sermon was heard in, to people of its church only', async () => {
    const { sermon, speaker } = await goLive();
    ok(await say(speaker, sermon, 'In the beginning was the Word.'));
    await settle(300);
    await api('POST', `/sermons/${sermon.id}/end`, cast.staff.cookie);
    const vtt = await api('GET', `/sermons/${sermon.id}/subtitles.vtt?lang=pt&offset=10`, cast.member.cookie);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    // Named by the church's day and the language, not by an id.
    expect(vtt.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2}-[a-z0-9-]+-pt\.vtt"$/);
    expect(vtt.body).toMatch(/^WEBVTT\n\n00:00:1\d\.\d{3} --> 00:00:\d\d\.\d{3}\n.*In the beginning was the Word\.\n$/);
    const srt = await api('GET', `/sermons/${sermon.id}/subtitles.srt?lang=en`, cast.churchAdmin.cookie);
    expect(srt.body).toMatch(/^1\n00:00:0\d,\d{3} --> /);
    expect((await api('GET', `/sermons/${sermon.id}/subtitles.vtt?lang=ar`, cast.member.cookie)).statusCode).toBe(400);
    expect((await api('GET', `/sermons/${sermon.id}/subtitles.vtt?lang=pt`, cast.otherMember.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/sermons/${sermon.id}/subtitles.vtt?lang=pt`)).statusCode).toBe(401);
    const timeline = await api('GET', `/sermons/${sermon.id}/timeline?lang=pt`, cast.member.cookie);
    expect(timeline.json()).toMatchObject({ status: 'ended', languages: ['en', 'pt'], lines: [{ seq: 1, audio: null }] });
    // Listen again names the sermon: here no scheduled service, so its preacher alone.
    expect(timeline.json()).toMatchObject({ title: null, hostName: expect.stringContaining(cast.staff.user.firstName) });
    expect((await api('GET', `/sermons/${sermon.id}/timeline?lang=pt`, cast.otherAdmin.cookie)).statusCode).toBe(404);
  }, 20_000);
});

describe('the OBS overlay', () => {
  it('starts in the language the church speaks, not the first of its list (Arabic), then in its last sermon’s', async () => {
    const church = await buildChurch(t.ctx.db);
    await t.ctx.db.insert(churchLanguages).values([
      ...['ar', 'es', 'en', 'pt'].map((code) => ({ churchId: church.id, list: 'join_live' as const, code, name: code })),
      ...['pt', 'en'].map((code) => ({ churchId: church.id, list: 'go_live' as const, code, name: code })),
    ]);
    const first = (await api('GET', `/churches/${church.id}/livestream`, cast.platformAdmin.cookie)).json<LivestreamSettings>();
    expect(first.overlay.style.languages).toEqual(['en']);
    const other = await buildChurch(t.ctx.db);
    await t.ctx.db.insert(churchLanguages).values(['ar', 'pt'].map((code) => ({ churchId: other.id, list: 'join_live' as const, code, name: code })));
    await t.ctx.db.insert(sermons).values({ broadcastId: `ov-${other.id.slice(0, 8)}`, churchId: other.id, sourceLanguage: 'pt', status: 'ended', startedAt: new Date(), endedAt: new Date() });
    const second = (await api('GET', `/churches/${other.id}/livestream`, cast.platformAdmin.cookie)).json<LivestreamSettings>();
    expect(second.overlay.style.languages).toEqual(['pt']);
  });

  it('answers its look and live captions by its token only, and a renewed link retires the old one', async () => {
    const settings = (await api('GET', `/churches/${cast.church.id}/livestream`, cast.churchAdmin.cookie)).json<LivestreamSettings>();
    const token = settings.overlay.url.split('/').at(-1)!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await api('PUT', `/churches/${cast.church.id}/livestream/overlay`, cast.churchAdmin.cookie, { ...settings.overlay.style, languages: ['pt', 'en'], size: 60 })).statusCode).toBe(200);
    expect((await api('PUT', `/churches/${cast.church.id}/livestream/overlay`, cast.staff.cookie, settings.overlay.style)).statusCode).toBe(403);
    const { sermon, speaker } = await goLive();
    ok(await say(speaker, sermon, 'Welcome, everyone.'));
    await settle(300);
    const answer = (await api('GET', `/overlay/${token}`)).json();
    expect(answer).toMatchObject({ live: true, sermonId: sermon.id, style: { languages: ['pt', 'en'], size: 60 } });
    expect(JSON.stringify(answer)).not.toContain(cast.church.name);
    expect(answer.captions.map((c: { language: string }) => c.language).sort()).toEqual(['en', 'pt']);
    await api('POST', `/sermons/${sermon.id}/end`, cast.staff.cookie);
    expect((await api('GET', `/overlay/${token}`)).json()).toMatchObject({ live: false, captions: [] });
    expect((await api('POST', `/churches/${cast.church.id}/livestream/overlay/renew`, cast.otherAdmin.cookie)).statusCode).toBe(404);
    await api('POST', `/churches/${cast.church.id}/livestream/overlay/renew`, cast.churchAdmin.cookie);
    expect((await api('GET', `/overlay/${token}`)).statusCode).toBe(404);
  }, 20_000);
});
