import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { liveEvents, type Caption, type LiveError, type ListenerJoinAck, type SegmentAck, type Sermon, type SermonState, type SpeakerJoinAck } from '@app/shared';
import { buildCast, buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_SPEECH_KEY, MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { listenerSessions, segmentTranslations, sermons, transcriptSegments } from '../../db/schema';
import {
  addChurchLanguages, connectLive, eventually, listen, ok, record, request, settle, useAzureKeys, type ClientSocket,
} from '../../../test/helpers/live-kit';

let mock: MockAzure;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const open: ClientSocket[] = [];

beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url, AZURE_SPEECH_HOST: mock.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  await addChurchLanguages(t.ctx.db, cast.otherChurch.id);
  await useAzureKeys(t.ctx, cast.church.id, { translatorKey: MOCK_TRANSLATOR_KEY });
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await mock.close();
});
beforeEach(() => mock.reset());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

async function client(cookie?: string): Promise<ClientSocket> {
  const s = await connectLive(url, cookie);
  open.push(s);
  return s;
}

async function goLive(cookie = cast.staff.cookie, churchId = cast.church.id): Promise<Sermon> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie }, payload: { churchId, sourceLanguage: 'en' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function speaker(sermon: Sermon, cookie = cast.staff.cookie) {
  const s = await client(cookie);
  const joined = ok(await request<SpeakerJoinAck>(s, liveEvents.speakerJoin, { sermonId: sermon.id }));
  return { socket: s, joined };
}

async function listener(sermon: Sermon, language: string, opts: { cookie?: string; voice?: string; lastSeq?: number } = {}) {
  const s = await client(opts.cookie ?? cast.member.cookie);
  const captions = record<Caption>(s, liveEvents.caption);
  const joined = ok(await request<ListenerJoinAck>(s, liveEvents.listenerJoin, {
    broadcastId: sermon.broadcastId, language, voice: opts.voice ?? 'none', lastSeq: opts.lastSeq ?? 0,
  }));
  return { socket: s, captions, joined };
}

const say = (s: ClientSocket, sermon: Sermon, seq: number, text: string, final = true) =>
  request<SegmentAck>(s, liveEvents.segment, { sermonId: sermon.id, seq, text, final });

describe('speaker to listeners', () => {
  it('sends interim text at once to listeners of the spoken language; two words are too few to translate yet', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const en = await listener(sermon, 'en');
    const es = await listener(sermon, 'es');
    ok(await say(sp, sermon, 1, 'Grace and', false));
    await eventually(() => expect(en.captions).toEqual([expect.objectContaining({ seq: 1, text: 'Grace and', final: false, provider: 'source' })]));
    await settle();
    expect(es.captions).toEqual([]);
    expect(mock.stats.counts.translate).toBe(0);
  });

  it('translates each final segment in ONE request for every listened language, none for unlistened ones', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const en = await listener(sermon, 'en');
    const es = await listener(sermon, 'es');
    const es2 = await listener(sermon, 'es', { cookie: cast.staff.cookie });
    const pt = await listener(sermon, 'pt');

    expect(ok(await say(sp, sermon, 1, 'Grace and peace to you.')).seq).toBe(1);
    await eventually(() => {
      expect(en.captions).toEqual([expect.objectContaining({ seq: 1, language: 'en', text: 'Grace and peace to you.', final: true, provider: 'source' })]);
      expect(es.captions).toEqual([expect.objectContaining({ seq: 1, language: 'es', text: '[es] gracia AND PEACE TO YOU.', provider: 'azure' })]);
      expect(es2.captions).toHaveLength(1);
      expect(pt.captions).toEqual([expect.objectContaining({ seq: 1, language: 'pt', text: '[pt] graça AND PEACE TO YOU.', provider: 'azure' })]);
    });
    expect(mock.stats.counts.translate).toBe(1);
    const req = mock.stats.last('translate')!;
    expect(req.query.from).toEqual(['en']);
    expect([...req.query.to!].sort()).toEqual(['es', 'pt']);

    ok(await say(sp, sermon, 2, 'Let us pray.'));
    await eventually(() => expect(pt.captions.map((c) => c.seq)).toEqual([1, 2]));
    expect(mock.stats.counts.translate).toBe(2);
  });

  it('gives the spoken language its caption without waiting for the translation', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const en = await listener(sermon, 'en');
    const es = await listener(sermon, 'es');
    mock.setLatency(1500);
    ok(await say(sp, sermon, 1, 'Straight away.'));
    await eventually(() => expect(en.captions).toHaveLength(1));
    expect(es.captions).toEqual([]);
    await eventually(() => expect(es.captions).toHaveLength(1));
  });

  it('makes no translation request while only the spoken language is listened to', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const en = await listener(sermon, 'en');
    ok(await say(sp, sermon, 1, 'Welcome, everyone.'));
    await eventually(() => expect(en.captions).toHaveLength(1));
    await settle();
    expect(mock.stats.counts.translate).toBe(0);
  });

  it('retries a 429 and still delivers the translation', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const es = await listener(sermon, 'es');
    const errors = record<LiveError>(sp, liveEvents.error);
    mock.failNext({ status: 429, retryAfter: 0 });
    ok(await say(sp, sermon, 1, 'Peace be with you.'));
    await eventually(() => expect(es.captions).toEqual([expect.objectContaining({ text: '[es] Peace be with you.', provider: 'azure' })]));
    expect(mock.stats.counts.translate).toBe(2);
    expect(errors).toEqual([]);
  });

  it('sends the original text marked untranslated when translation keeps failing, and tells the speaker', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const es = await listener(sermon, 'es');
    const errors = record<LiveError>(sp, liveEvents.error);
    mock.failNext({ status: 503, count: 1000 });
    ok(await say(sp, sermon, 1, 'This must not be lost.'));
    await eventually(() => expect(es.captions).toEqual([expect.objectContaining({ seq: 1, text: 'This must not be lost.', provider: 'untranslated' })]), 8000);
    expect(mock.stats.counts.translate).toBeGreaterThan(1);
    expect(errors).toEqual([{ code: 'translation_failed', message: 'Translation error occurred' }]);
    mock.reset();
    // The next segment is translated again.
    ok(await say(sp, sermon, 2, 'Back to normal.'));
    await eventually(() => expect(es.captions[1]).toMatchObject({ seq: 2, provider: 'azure' }));
  });

  it('labels demo translations for a church without a translator key', async () => {
    const sermon = await goLive(cast.otherStaff.cookie, cast.otherChurch.id);
    const { socket: sp, joined } = await speaker(sermon, cast.otherStaff.cookie);
    expect(joined.state.translator).toBe('demo');
    const es = await listener(sermon, 'es', { cookie: cast.otherMember.cookie });
    ok(await say(sp, sermon, 1, 'Hello church.'));
    await eventually(() => expect(es.captions).toEqual([expect.objectContaining({ provider: 'demo' })]));
    expect(es.captions[0]!.text).toContain('Hello church.');
    expect(mock.stats.counts.translate).toBe(0);
  });

  it('stores every final segment with its seq and translations, and no interim text', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const es = await listener(sermon, 'es');
    ok(await say(sp, sermon, 1, 'First line', false));
    ok(await say(sp, sermon, 1, 'First line.'));
    ok(await say(sp, sermon, 2, 'Second line.'));
    await eventually(() => expect(es.captions).toHaveLength(2));
    await eventually(async () => {
      const segs = await t.ctx.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id));
      expect(segs.map((s) => [s.seq, s.text]).sort()).toEqual([[1, 'First line.'], [2, 'Second line.']]);
      const tr = await t.ctx.db.select().from(segmentTranslations).innerJoin(transcriptSegments, eq(transcriptSegments.id, segmentTranslations.segmentId))
        .where(eq(transcriptSegments.sermonId, sermon.id));
      expect(tr.map((r) => [r.segment_translations.language, r.segment_translations.provider])).toEqual([['es', 'azure'], ['es', 'azure']]);
    });
  });

  it('numbers segments on the server: a resent segment is a duplicate, a reused number gets the next one', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    expect(ok(await say(sp, sermon, 1, 'One.'))).toEqual({ ok: true, seq: 1 });
    expect(ok(await say(sp, sermon, 1, 'One.'))).toEqual({ ok: true, seq: 1, duplicate: true });
    expect(ok(await say(sp, sermon, 1, 'A new page starts at one.'))).toEqual({ ok: true, seq: 2 });
    // A speaker that comes back learns where numbering stands.
    const again = await speaker(sermon);
    expect(again.joined.lastSeq).toBe(2);
  });

  it('recognises a line resent with its clientId (after a reconnection): original seq, shown once', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const en = await listener(sermon, 'en');
    const line = (seq: number, text: string, clientId: string) =>
      request<SegmentAck>(sp, liveEvents.segment, { sermonId: sermon.id, seq, text, final: true, clientId });
    expect(ok(await line(1, 'Waiting to send.', 'client-line-0001'))).toEqual({ ok: true, seq: 1 });
    expect(ok(await line(2, 'Next line.', 'client-line-0002'))).toEqual({ ok: true, seq: 2 });
    // The same line resent from the speaker's queue, numbered differently by the page.
    expect(ok(await line(3, 'Waiting to send.', 'client-line-0001'))).toEqual({ ok: true, seq: 1, duplicate: true });
    await settle();
    expect(en.captions.map((c) => c.seq)).toEqual([1, 2]);
    const stored = await t.ctx.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id));
    expect(stored.map((r) => [r.seq, r.clientId])).toEqual(expect.arrayContaining([[1, 'client-line-0001'], [2, 'client-line-0002']]));
    expect(stored).toHaveLength(2);
  });

  it('stores a line resent without a clientId once, however many copies arrive together or after the numbering moved', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const en = await listener(sermon, 'en');
    // A client resending an unacknowledged line every moment: three copies in flight at once.
    const acks = await Promise.all([1, 2, 3].map(() => say(sp, sermon, 1, 'Line number 1')));
    expect(acks.map((a) => ok(a).seq)).toEqual([1, 1, 1]);
    expect(acks.filter((a) => ok(a).duplicate)).toHaveLength(2);
    // Another client's lines move the server's numbering past the resender's own.
    ok(await say(sp, sermon, 7, 'Someone else speaks.'));
    ok(await say(sp, sermon, 2, 'Line number 2'));
    expect(ok(await say(sp, sermon, 1, 'Line number 1'))).toEqual({ ok: true, seq: 1, duplicate: true });
    expect(ok(await say(sp, sermon, 2, 'Line number 2'))).toMatchObject({ duplicate: true });
    await settle();
    const stored = await t.ctx.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id));
    expect(stored.map((r) => r.text).sort()).toEqual(['Line number 1', 'Line number 2', 'Someone else speaks.']);
    expect(en.captions.filter((c) => c.final).map((c) => c.text)).toEqual(['Line number 1', 'Someone else speaks.', 'Line number 2']);
  });
});

describe('who may speak', () => {
  it('lets only the host or a church admin of that church send segments', async () => {
    const sermon = await goLive();
    const deny = async (cookie: string | undefined, code: string) => {
      const s = await client(cookie);
      const ack = await request(s, liveEvents.speakerJoin, { sermonId: sermon.id });
      expect(ack).toMatchObject({ ok: false, error: { code } });
      expect(await say(s, sermon, 1, 'Not mine.')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    };
    await deny(undefined, 'forbidden');
    await deny(cast.member.cookie, 'forbidden');
    await deny(await sessionCookie(t.ctx.db, (await buildUser(t.ctx.db, 'staff', { churchId: cast.church.id })).id), 'forbidden');
    await deny(cast.otherAdmin.cookie, 'not_found');
    const admin = await speaker(sermon, cast.churchAdmin.cookie);
    expect(ok(await say(admin.socket, sermon, 1, 'The admin may.')).seq).toBe(1);
  });

  it('refuses segments for an ended sermon', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
    expect(await say(sp, sermon, 1, 'Too late.')).toMatchObject({ ok: false, error: { code: 'not_live' } });
    expect(await request(sp, liveEvents.speakerJoin, { sermonId: sermon.id })).toMatchObject({ ok: false, error: { code: 'not_live' } });
    const late = await client();
    expect(await request(late, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es' }))
      .toMatchObject({ ok: false, error: { code: 'not_live', message: 'This sermon has ended' } });
  });
});

describe('bad messages', () => {
  it('answers malformed payloads with invalid_payload, by ack or by a live:error event', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    expect(await request(sp, liveEvents.segment, { sermonId: sermon.id, seq: 'one' })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(await request(sp, liveEvents.segment, 'just a string')).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(await request(sp, liveEvents.listenerJoin, { broadcastId: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    const errors = record<LiveError>(sp, liveEvents.error);
    sp.emit(liveEvents.segment, { nonsense: true });
    await eventually(() => expect(errors).toEqual([expect.objectContaining({ code: 'invalid_payload' })]));
  });

  it('refuses oversized payloads with too_large, and drops a connection that sends more than the transport allows', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    expect(await say(sp, sermon, 1, 'x'.repeat(1500))).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(await request(sp, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: 'ok', final: true, padding: 'y'.repeat(20_000) }))
      .toMatchObject({ ok: false, error: { code: 'too_large' } });

    const reason = new Promise<string>((resolve) => sp.once('disconnect', resolve));
    sp.emit(liveEvents.segment, { sermonId: sermon.id, seq: 1, text: 'z'.repeat(100_000), final: true });
    expect(await reason).toMatch(/transport/);

    // The server is alive and well.
    const again = await speaker(sermon);
    expect(ok(await say(again.socket, sermon, 1, 'Still here.')).seq).toBe(1);
  });

  it('survives a payload that is not JSON-shaped', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    expect(await request(sp, liveEvents.pause, Buffer.from([1, 2, 3]))).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(ok(await say(sp, sermon, 1, 'Fine.')).seq).toBe(1);
  });
});

describe('listeners', () => {
  it('refuses guests when the church does not allow them, and other churches’ people', async () => {
    const church = await buildChurch(t.ctx.db, { guestsMayListen: false });
    await addChurchLanguages(t.ctx.db, church.id);
    const staff = await buildUser(t.ctx.db, 'staff', { churchId: church.id });
    const member = await buildUser(t.ctx.db, 'member', { churchId: church.id });
    const sermon = await goLive(await sessionCookie(t.ctx.db, staff.id), church.id);
    const join = async (cookie?: string) => request(await client(cookie), liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es' });
    expect(await join()).toMatchObject({ ok: false, error: { code: 'guests_not_allowed' } });
    expect(await join(cast.otherMember.cookie)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await join(await sessionCookie(t.ctx.db, member.id))).toMatchObject({ ok: true });
  });

  it('lets guests listen where the church allows it', async () => {
    const sermon = await goLive();
    const guest = await client();
    const ack = ok(await request<ListenerJoinAck>(guest, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt' }));
    expect(ack).toMatchObject({ sermonId: sermon.id, language: 'pt', sourceLanguage: 'en', state: { status: 'live' } });
  });

  it('refuses a language the church does not offer and an unknown share id', async () => {
    const sermon = await goLive();
    const s = await client();
    expect(await request(s, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'hi' })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(await request(s, liveEvents.listenerJoin, { broadcastId: 'NOSUCH2345', language: 'es' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('shows the speaker live listener counts per language', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const states = record<SermonState>(sp, liveEvents.state);
    await listener(sermon, 'es');
    await listener(sermon, 'es', { cookie: cast.staff.cookie });
    await listener(sermon, 'pt');
    await eventually(() => expect(states.at(-1)?.listenerCounts).toEqual({ es: 2, pt: 1 }), 4000);
  });

  it('switches language with listener:prefs and gets recent captions in it', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const l = await listener(sermon, 'es');
    ok(await say(sp, sermon, 1, 'In the beginning.'));
    await eventually(() => expect(l.captions).toHaveLength(1));
    const prefs = ok(await request<{ captions: Caption[] }>(l.socket, liveEvents.listenerPrefs, { language: 'pt', voice: 'none' }));
    expect(prefs.captions).toEqual([expect.objectContaining({ seq: 1, language: 'pt', text: '[pt] In the beginning.' })]);
    ok(await say(sp, sermon, 2, 'Was the Word.'));
    await eventually(() => expect(l.captions.at(-1)).toMatchObject({ seq: 2, language: 'pt' }));
    expect(l.captions.filter((c) => c.language === 'es')).toHaveLength(1);
  });

  it('records listener sessions and the count of people who joined', async () => {
    const sermon = await goLive();
    const a = await listener(sermon, 'es');
    await listener(sermon, 'pt', { cookie: undefined });
    ok(await request(a.socket, liveEvents.listenerLeave));
    await eventually(async () => {
      const rows = await t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermon.id));
      expect(rows).toHaveLength(2);
      const mine = rows.find((r) => r.userId === cast.member.user.id)!;
      expect(mine).toMatchObject({ language: 'es', status: 'inactive', durationSeconds: expect.any(Number) });
      expect(mine.endedAt).not.toBeNull();
      const [row] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, sermon.id));
      expect(row!.listenersJoined).toBe(2);
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sermons/${sermon.id}/listeners`, headers: { cookie: cast.churchAdmin.cookie } });
    expect(res.json().items.map((i: { status: string }) => i.status).sort()).toEqual(['active', 'inactive']);
  });

  it('tells listeners when the sermon is paused and resumed', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const l = await listener(sermon, 'es');
    const states = record<SermonState>(l.socket, liveEvents.state);
    ok(await request(sp, liveEvents.pause, { sermonId: sermon.id, paused: true }));
    await eventually(() => expect(states.at(-1)?.status).toBe('paused'));
    expect(await say(sp, sermon, 1, 'During the song.')).toMatchObject({ ok: false, error: { code: 'not_live' } });
    const [row] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, sermon.id));
    expect(row!.status).toBe('paused');
    ok(await request(sp, liveEvents.pause, { sermonId: sermon.id, paused: false }));
    await eventually(() => expect(states.at(-1)?.status).toBe('live'));
  });

  it('tells listeners when the sermon ends, after the last caption', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const l = await listener(sermon, 'es');
    const ended = record<{ reason: string }>(l.socket, liveEvents.ended);
    mock.setLatency(200);
    ok(await say(sp, sermon, 1, 'Amen.'));
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
    await eventually(() => expect(ended).toEqual([expect.objectContaining({ reason: 'stopped' })]));
    expect(l.captions).toEqual([expect.objectContaining({ seq: 1, text: '[es] Amen.' })]);
  });

  it('tells the speaker at once, with the reason, when an administrator ends the sermon', async () => {
    const sermon = await goLive();
    const { socket: sp } = await speaker(sermon);
    const ended = record<{ reason: string; message: string }>(sp, liveEvents.ended);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.churchAdmin.cookie } });
    expect(res.statusCode).toBeLessThan(300);
    await eventually(() => expect(ended).toEqual([expect.objectContaining({ reason: 'ended_by_admin' })]));
    expect((await say(sp, sermon, 1, 'Still here?')).ok).toBe(false);
  });
});

describe('voice', () => {
  it('synthesises once per piece for the languages and voices someone listens to, never for the others', async () => {
    const church = await buildChurch(t.ctx.db);
    await addChurchLanguages(t.ctx.db, church.id);
    await useAzureKeys(t.ctx, church.id, { translatorKey: MOCK_TRANSLATOR_KEY, speechKey: MOCK_SPEECH_KEY });
    const host = await buildUser(t.ctx.db, 'staff', { churchId: church.id });
    const hostCookie = await sessionCookie(t.ctx.db, host.id);
    const sermon = await goLive(hostCookie, church.id);
    const { socket: sp } = await speaker(sermon, hostCookie);
    const female1 = await listener(sermon, 'es', { cookie: undefined, voice: 'female' });
    const female2 = await listener(sermon, 'es', { cookie: undefined, voice: 'female' });
    const silent = await listener(sermon, 'pt', { cookie: undefined, voice: 'none' });

    ok(await say(sp, sermon, 1, 'Be still & know.'));
    await eventually(() => expect(female2.captions).toHaveLength(1));
    await eventually(() => expect(silent.captions).toHaveLength(1));
    // The voice is one stream per language (decision 039): captions carry no clip of their own.
    expect(female1.captions[0]!.audio).toBeUndefined();
    await eventually(() => expect(mock.stats.counts.tts).toBe(1));
    const ssml = mock.stats.last('tts')!.body;
    expect(ssml).toContain("es-ES-ElviraNeural");
    expect(ssml).toContain('[es] Be still &amp; know.');
  });
});
