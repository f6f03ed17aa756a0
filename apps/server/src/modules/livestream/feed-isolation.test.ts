import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveEvents, type LivestreamSettings, type Sermon, type SpeakerJoinAck } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { addChurchLanguages, connectLive, eventually, listen, ok, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { startMockYouTube, type MockYouTube } from '../../../test/mock-youtube';
import { readBody } from '../../../test/mock-azure/mock-azure';
import { liveFor } from '../../live/live-service';
import { LivestreamService, livestreamOf } from './livestream-service';
import { RepeatLog } from './repeat-log';

/**
 * Decision 037, "No church stops another" and "One feed, one sequence": a loopback ingestion
 * server records every post per stream and misbehaves on the streams told to (never answering,
 * answering 500, answering 300 MB).
 */
type Mode = 'ok' | 'hang' | 'fail' | 'huge';

interface Ingest {
  url: string;
  modes: Map<string, Mode>;
  posts: Array<{ stream: string; seq: number; body: string; at: number }>;
  /** Bytes of the huge answer written before the sender hung up. */
  hugeWritten: number;
  held: ServerResponse[];
  close(): Promise<void>;
}

async function startIngest(): Promise<Ingest> {
  const ingest: Ingest = { url: '', modes: new Map(), posts: [], hugeWritten: 0, held: [], close: async () => undefined };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://x');
      const stream = url.searchParams.get('cid') ?? '?';
      ingest.posts.push({ stream, seq: Number(url.searchParams.get('seq')), body, at: Date.now() });
      const mode = ingest.modes.get(stream) ?? 'ok';
      if (mode === 'hang') return void ingest.held.push(res);
      if (mode === 'fail') return void res.writeHead(500).end('down');
      if (mode === 'huge') return hugeAnswer(res);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${new Date().toISOString().slice(0, 23)}\n`);
    })();
  });
  // 300 MB offered, written as fast as the sender reads it.
  const hugeAnswer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const pump = () => {
      while (ingest.hugeWritten < 300 * 1024 * 1024 && !res.destroyed) {
        ingest.hugeWritten += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ingest.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ingest.close = () => new Promise((resolve) => {
    for (const r of ingest.held) r.destroy();
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return ingest;
}

let t: TestApp;
let url: string;
let ingest: Ingest;
let strict: MockYouTube;
let cast: Awaited<ReturnType<typeof buildCast>>;
let service: LivestreamService;
const open: ClientSocket[] = [];

beforeAll(async () => {
  [ingest, strict] = await Promise.all([startIngest(), startMockYouTube()]);
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  await addChurchLanguages(t.ctx.db, cast.otherChurch.id);
  url = await listen(t.app);
  livestreamOf(t.ctx)!.halt();
  // A post not answered within 800 ms counts as failed (5 s in production): the test stays short.
  service = new LivestreamService(t.ctx, liveFor(t.ctx), { leaseMs: 1500, timeoutMs: 800 });
  service.start();
});
afterAll(async () => {
  await service.close();
  await t.close();
  await Promise.all([ingest.close(), strict.close()]);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const api = (method: 'POST' | 'DELETE', path: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${path}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function addFeed(churchId: string, cookie: string, language: string, feedUrl: string): Promise<string> {
  const res = await api('POST', `/churches/${churchId}/livestream/feeds`, cookie, { kind: 'youtube', language, url: feedUrl });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LivestreamSettings>().feeds.at(-1)!.id;
}

async function goLive(churchId: string, cookie: string): Promise<{ sermon: Sermon; speaker: ClientSocket }> {
  const sermon = (await api('POST', '/sermons', cookie, { churchId, sourceLanguage: 'en' })).json<Sermon>();
  const speaker = await connectLive(url, cookie);
  open.push(speaker);
  ok(await request<SpeakerJoinAck>(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
  return { sermon, speaker };
}

const say = (s: ClientSocket, sermon: Sermon, text: string) =>
  request(s, liveEvents.segment, { sermonId: sermon.id, seq: 1_000_000, text, final: true });

describe('one church’s caption feed failing', () => {
  it('never stops another’s: removed while its post is in flight, answering 500, slow or huge, church B posts each line on time', async () => {
    const logged = { error: vi.spyOn(t.ctx.log, 'error'), warn: vi.spyOn(t.ctx.log, 'warn') };
    ingest.modes.set('a-hang', 'hang');
    ingest.modes.set('a-huge', 'huge');
    const hangFeed = await addFeed(cast.church.id, cast.churchAdmin.cookie, 'en', `${ingest.url}/cc?cid=a-hang`);
    await addFeed(cast.church.id, cast.churchAdmin.cookie, 'en', `${ingest.url}/cc?cid=a-huge`);
    await addFeed(cast.otherChurch.id, cast.otherAdmin.cookie, 'en', `${ingest.url}/cc?cid=b`);
    const a = await goLive(cast.church.id, cast.staff.cookie);
    const b = await goLive(cast.otherChurch.id, cast.otherStaff.cookie);

    const said: Array<{ text: string; at: number }> = [];
    for (let i = 1; i <= 5; i++) {
      ok(await say(a.speaker, a.sermon, `Alpha ${i}.`));
      said.push({ text: `Bravo ${i}.`, at: Date.now() });
      ok(await say(b.speaker, b.sermon, `Bravo ${i}.`));
      // A's first post hangs; the church removes that feed while it is in flight.
      if (i === 2) {
        await eventually(() => expect(ingest.held.length).toBeGreaterThan(0));
        expect((await api('DELETE', `/churches/${cast.church.id}/livestream/feeds/${hangFeed}`, cast.churchAdmin.cookie)).statusCode).toBe(200);
      }
      // After its huge answer, A's other stream answers 500 to everything.
      if (i === 3) ingest.modes.set('a-huge', 'fail');
      await new Promise((r) => setTimeout(r, 1050));
    }
    await eventually(() => expect(ingest.posts.filter((p) => p.stream === 'b' && p.body.includes('Bravo 5.'))).toHaveLength(1), 4000);

    // Every line of church B reached its stream, in order, within 2.5 s of being said.
    for (const line of said) {
      const post = ingest.posts.find((p) => p.stream === 'b' && p.body.includes(line.text));
      expect(post, line.text).toBeDefined();
      expect(post!.at - line.at, line.text).toBeLessThan(2500);
    }
    const seqs = ingest.posts.filter((p) => p.stream === 'b').map((p) => p.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    // The huge answer was not read: the sender hung up after its first bytes.
    expect(ingest.posts.some((p) => p.stream === 'a-huge')).toBe(true);
    expect(ingest.hugeWritten).toBeLessThan(64 * 1024 * 1024);
    // A's failures are logged when they start, not 5 times a second.
    const lines = [...logged.error.mock.calls, ...logged.warn.mock.calls].filter((c) => /livestream/.test(String(c.at(-1))));
    expect(lines.length).toBeLessThanOrEqual(4);
    logged.error.mockRestore();
    logged.warn.mockRestore();
    await api('POST', `/sermons/${a.sermon.id}/end`, cast.staff.cookie);
    await api('POST', `/sermons/${b.sermon.id}/end`, cast.otherStaff.cookie);
  }, 30_000);

  it('is logged once a minute however often it repeats', () => {
    let now = 0;
    const log = { error: vi.fn(), warn: vi.fn() };
    const repeat = new RepeatLog(log as never, 60_000, () => now);
    // Five times a second for two minutes.
    for (; now < 120_000; now += 200) repeat.error('claim f1', {}, 'livestream lease failed for one feed');
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]![0]).toMatchObject({ repeated: 299 });
    repeat.error('claim f2', {}, 'another feed');
    expect(log.error).toHaveBeenCalledTimes(3);
  });
});

describe('one feed, one sequence', () => {
  it('follows the newest live sermon of its church with one seq, and posts its language from the first line with nobody listening', async () => {
    await addFeed(cast.otherChurch.id, cast.otherAdmin.cookie, 'pt', strict.streamUrl('one'));
    // The speaker's very first line, right after joining, with no phone listening in Portuguese.
    const first = await goLive(cast.otherChurch.id, cast.otherStaff.cookie);
    ok(await say(first.speaker, first.sermon, 'Alpha one.'));
    await eventually(() => expect(strict.captions.filter((c) => c.stream === 'one')).toHaveLength(1), 4000);

    // The first speaker leaves without ending (the sermon stays live); a second sermon starts.
    const second = await goLive(cast.otherChurch.id, cast.otherAdmin.cookie);
    ok(await say(second.speaker, second.sermon, 'Bravo one.'));
    ok(await say(first.speaker, first.sermon, 'Alpha two.'));
    ok(await say(second.speaker, second.sermon, 'Bravo two.'));
    await eventually(() => expect(strict.captions.filter((c) => c.stream === 'one').length).toBeGreaterThanOrEqual(3), 6000);
    await new Promise((r) => setTimeout(r, 1500));

    const texts = strict.captions.filter((c) => c.stream === 'one').map((c) => c.text.replace(/^\[PT demo\] /, '').toLowerCase());
    expect(texts).toEqual(['alpha one.', 'bravo one.', 'bravo two.']);
    expect(strict.violations).toEqual([]);
    const seqs = [...new Set(strict.posts.filter((p) => p.stream === 'one').map((p) => p.seq))];
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    await api('POST', `/sermons/${first.sermon.id}/end`, cast.otherStaff.cookie);
    await api('POST', `/sermons/${second.sermon.id}/end`, cast.otherAdmin.cookie);
  }, 30_000);
});
