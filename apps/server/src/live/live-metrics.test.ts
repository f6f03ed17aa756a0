import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, type Caption, type ListenerJoinAck, type SegmentAck, type Sermon, type SpeakerJoinAck } from '@app/shared';
import { buildCast } from '../../test/helpers/factories';
import { parseExposition, valueOf, type Sample } from '../../test/helpers/prometheus';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../test/mock-azure';
import {
  addChurchLanguages, connectLive, eventually, listen, ok, record, request, useAzureKeys, type ClientSocket,
} from '../../test/helpers/live-kit';

/** The live figures at /metrics move as a sermon runs through real sockets (decision 035). */
const TOKEN = 'metrics-test-token-0123456789abcdef0123456789';

let mock: MockAzure;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const open: ClientSocket[] = [];

beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url, METRICS_TOKEN: TOKEN });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  await useAzureKeys(t.ctx, cast.church.id, { translatorKey: MOCK_TRANSLATOR_KEY });
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await mock.close();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

/** What Prometheus would read, over HTTP with the token. */
async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

async function client(cookie?: string): Promise<ClientSocket> {
  const s = await connectLive(url, cookie);
  open.push(s);
  return s;
}

async function goLive(): Promise<Sermon> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function listener(sermon: Sermon, language: string) {
  const s = await client(cast.member.cookie);
  const captions = record<Caption>(s, liveEvents.caption);
  ok(await request<ListenerJoinAck>(s, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language, voice: 'none', lastSeq: 0 }));
  return { socket: s, captions };
}

describe('live figures at /metrics', () => {
  it('move when a sermon runs: sermons, listeners by language, sockets, caption delivery, translations by engine', async () => {
    const before = await scrape();
    expect(valueOf(before, 'live_sermons', { status: 'live' })).toBe(0);
    expect(valueOf(before, 'socketio_connections', { namespace: '/live' })).toBe(0);

    const sermon = await goLive();
    const sp = await client(cast.staff.cookie);
    ok(await request<SpeakerJoinAck>(sp, liveEvents.speakerJoin, { sermonId: sermon.id }));
    const es1 = await listener(sermon, 'es');
    const es2 = await listener(sermon, 'es');
    const pt = await listener(sermon, 'pt');

    const joined = await scrape();
    expect(valueOf(joined, 'live_sermons', { status: 'live' })).toBe(1);
    expect(valueOf(joined, 'live_listeners', { language: 'es' })).toBe(2);
    expect(valueOf(joined, 'live_listeners', { language: 'pt' })).toBe(1);
    expect(valueOf(joined, 'socketio_connections', { namespace: '/live' })).toBe(4);

    const line = 'Grace and peace to you.';
    ok(await request<SegmentAck>(sp, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: line, final: true }));
    await eventually(() => {
      for (const l of [es1, es2, pt]) expect(l.captions).toHaveLength(1);
    });

    const spoken = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(spoken, name, labels) - valueOf(before, name, labels);
    // Once per caption and language (the spoken one and the two listened ones), never per listener.
    expect(delta('caption_delivery_seconds_count', { kind: 'source' })).toBe(1);
    expect(delta('caption_delivery_seconds_count', { kind: 'translation' })).toBe(2);
    expect(valueOf(spoken, 'caption_delivery_seconds_sum', { kind: 'translation' })).toBeGreaterThan(0);
    const azure = { engine: 'azure', purpose: 'final' };
    expect(delta('translation_requests_total', azure)).toBe(1);
    expect(mock.stats.counts.translate).toBe(1);
    // Characters as the engine meters them: what was sent (the glossary's markup included) once per target language.
    expect(delta('translation_characters_total', azure)).toBeGreaterThanOrEqual(line.length * 2);
    expect(delta('translation_characters_total', azure)).toBe(mock.stats.meteredCharacters);
    expect(delta('translation_duration_seconds_count', azure)).toBe(1);
    expect(delta('translation_errors_total', azure)).toBe(0);

    // An engine that refuses the line: counted as an error of that engine; listeners still get the words.
    mock.failNext({ status: 400, code: 400000, message: 'bad request' });
    ok(await request<SegmentAck>(sp, liveEvents.segment, { sermonId: sermon.id, seq: 2, text: 'Let us pray.', final: true }));
    await eventually(() => expect(pt.captions).toHaveLength(2));
    const refused = await scrape();
    expect(valueOf(refused, 'translation_errors_total', azure) - valueOf(spoken, 'translation_errors_total', azure)).toBe(1);
    expect(valueOf(refused, 'translation_requests_total', azure) - valueOf(spoken, 'translation_requests_total', azure)).toBe(1);

    pt.socket.disconnect();
    await eventually(async () => {
      const left = await scrape();
      expect(valueOf(left, 'live_listeners', { language: 'pt' })).toBe(0);
      expect(valueOf(left, 'live_listeners', { language: 'es' })).toBe(2);
      expect(valueOf(left, 'socketio_connections', { namespace: '/live' })).toBe(3);
    });

    const end = await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
    expect(end.statusCode).toBeLessThan(300);
    await eventually(async () => {
      const ended = await scrape();
      expect(valueOf(ended, 'live_sermons', { status: 'live' })).toBe(0);
      expect(valueOf(ended, 'live_listeners', { language: 'es' })).toBe(0);
    });
  });
});
