import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, SPEAKER_GRACE_MS, type Caption, type ListenerJoinAck, type Sermon, type SermonState, type SpeakerJoinAck } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { churches, listenerSessions, sermons, transcriptSegments } from '../../db/schema';
import { ManualClock } from '../clock';
import { LiveService, liveFor } from '../live-service';
import { addChurchLanguages, connectLive, eventually, listen, ok, record, request, settle, useAzureKeys, type ClientSocket } from '../../../test/helpers/live-kit';

let mock: MockAzure;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const clock = new ManualClock();
const open: ClientSocket[] = [];

beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_TRANSLATOR_ENDPOINT: mock.url });
  liveFor(t.ctx).useClock(clock);
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

async function client(cookie?: string, reconnection = false): Promise<ClientSocket> {
  const s = await connectLive(url, cookie, { reconnection });
  open.push(s);
  return s;
}

async function goLive(): Promise<Sermon> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } });
  return res.json();
}

async function speaker(sermon: Sermon): Promise<ClientSocket> {
  const s = await client(cast.staff.cookie);
  ok(await request<SpeakerJoinAck>(s, liveEvents.speakerJoin, { sermonId: sermon.id }));
  return s;
}

const say = (s: ClientSocket, sermon: Sermon, text: string) =>
  request(s, liveEvents.segment, { sermonId: sermon.id, seq: 1_000_000, text, final: true });

describe('a listener that drops', () => {
  it('misses no caption when it comes back within two minutes (connection-state recovery)', async () => {
    const sermon = await goLive();
    const sp = await speaker(sermon);
    const l = await client(cast.member.cookie, true);
    const captions = record<Caption>(l, liveEvents.caption);
    ok(await request<ListenerJoinAck>(l, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es' }));
    ok(await say(sp, sermon, 'Before the drop.'));
    await eventually(() => expect(captions).toHaveLength(1));

    // The network goes away; the server notices, the listener is away but its language is kept.
    l.io.reconnection(false);
    l.io.engine.close();
    await eventually(() => expect(liveFor(t.ctx).room(sermon.id)!.away.size).toBe(1));
    ok(await say(sp, sermon, 'During the drop.'));
    ok(await say(sp, sermon, 'Still during the drop.'));
    clock.advance(90_000);

    l.connect();
    await eventually(() => expect(captions.map((c) => [c.seq, c.text])).toEqual([
      [1, '[es] Before the drop.'], [2, '[es] During the drop.'], [3, '[es] Still during the drop.'],
    ]));
    expect(l.recovered).toBe(true);
    // Same listener session: one row, still active.
    await eventually(async () => {
      const rows = await t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermon.id));
      expect(rows.map((r) => r.status)).toEqual(['active']);
    });
    expect(liveFor(t.ctx).room(sermon.id)!.listenerCounts()).toEqual({ es: 1 });
  });

  it('gets every caption after its last seq when it joins again on a new connection', async () => {
    const sermon = await goLive();
    const sp = await speaker(sermon);
    const first = await client(cast.member.cookie);
    ok(await request(first, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt' }));
    ok(await say(sp, sermon, 'One.'));
    first.io.engine.close();
    await eventually(() => expect(liveFor(t.ctx).room(sermon.id)!.away.size).toBe(1));
    mock.reset();
    ok(await say(sp, sermon, 'Two.'));
    ok(await say(sp, sermon, 'Three.'));
    // Translated live, though nobody was connected in Portuguese: its listener was within the window.
    await eventually(() => expect(mock.stats.counts.translate).toBe(2));

    const again = await client(cast.member.cookie);
    const ack = ok(await request<ListenerJoinAck>(again, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt', lastSeq: 1 }));
    expect(ack.captions.map((c) => [c.seq, c.text, c.provider])).toEqual([[2, '[pt] Two.', 'azure'], [3, '[pt] Three.', 'azure']]);
    expect(mock.stats.counts.translate).toBe(2);
  });

  it('answers a listener who saw a hole in the seqs with the captions after its last one, and only a joined listener', async () => {
    const sermon = await goLive();
    const sp = await speaker(sermon);
    const stranger = await client(cast.member.cookie);
    expect(await request(stranger, liveEvents.listenerCatchUp, { afterSeq: 0 })).toMatchObject({ ok: false, error: { code: 'not_live' } });
    const l = await client(cast.member.cookie);
    ok(await request(l, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt' }));
    for (const line of ['One.', 'Two.', 'Three.']) ok(await say(sp, sermon, line));
    const ack = ok(await request<{ captions: Caption[] }>(l, liveEvents.listenerCatchUp, { afterSeq: 1 }));
    expect(ack.captions.map((c) => [c.seq, c.text])).toEqual([[2, '[pt] Two.'], [3, '[pt] Three.']]);
    expect(await request(l, liveEvents.listenerCatchUp, { afterSeq: -1 })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });

  it('closes the session of a listener that does not come back within the window', async () => {
    const sermon = await goLive();
    const l = await client(cast.member.cookie);
    ok(await request(l, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es' }));
    const droppedAt = clock.now();
    l.io.engine.close();
    await eventually(() => expect(liveFor(t.ctx).room(sermon.id)!.away.size).toBe(1));
    clock.advance(2 * 60_000 + 1);
    await liveFor(t.ctx).tick();
    expect(liveFor(t.ctx).room(sermon.id)!.away.size).toBe(0);
    await eventually(async () => {
      const [row] = await t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermon.id));
      expect(row).toMatchObject({ status: 'inactive' });
      expect(row!.endedAt!.getTime()).toBe(droppedAt);
    });
  });
});

describe('a listener back on a new connection', () => {
  it('continues its session (one row in its previous sessions), which a stranger naming it cannot', async () => {
    const sermon = await goLive();
    const sp = await speaker(sermon);
    const first = await client(cast.member.cookie);
    const joined = ok(await request<ListenerJoinAck>(first, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es' }));
    expect(joined.sessionId).toEqual(expect.any(String));
    ok(await say(sp, sermon, 'Before the drop.'));
    // Its process restarted, or recovery ran out: the phone joins again on a new connection.
    first.io.engine.close();
    await eventually(() => expect(liveFor(t.ctx).room(sermon.id)!.away.size).toBe(1));
    const again = await client(cast.member.cookie);
    const back = ok(await request<ListenerJoinAck>(again, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt', lastSeq: 1, sessionId: joined.sessionId }));
    expect(back.sessionId).toBe(joined.sessionId);
    // The dropped connection lets go of it: nothing waits to end the session going on when it expires.
    expect(liveFor(t.ctx).room(sermon.id)!.away.size).toBe(0);

    const stranger = await client(cast.churchAdmin.cookie);
    const theirs = ok(await request<ListenerJoinAck>(stranger, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es', sessionId: joined.sessionId }));
    expect(theirs.sessionId).not.toBe(joined.sessionId);
    await liveFor(t.ctx).writer.flush();
    const rows = await t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermon.id));
    expect(rows.map((r) => [r.userId, r.status, r.language]).sort()).toEqual([
      [cast.churchAdmin.user.id, 'active', 'es'], [cast.member.user.id, 'active', 'pt'],
    ].sort());
    const [row] = await t.ctx.db.select({ joined: sermons.listenersJoined }).from(sermons).where(eq(sermons.id, sermon.id));
    expect(row!.joined).toBe(2);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/sermons/mine', headers: { cookie: cast.member.cookie } })).json<{ items: Array<{ sermonId: string }> }>();
    expect(mine.items.filter((s) => s.sermonId === sermon.id)).toHaveLength(1);
  });
});

describe('a speaker that drops', () => {
  it('shows listeners "speaker reconnecting" and continues when the speaker is back in time', async () => {
    const sermon = await goLive();
    const sp = await speaker(sermon);
    const l = await client();
    const states = record<SermonState>(l, liveEvents.state);
    ok(await request(l, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'en' }));
    sp.disconnect();
    await eventually(() => expect(states.at(-1)).toMatchObject({ speakerConnected: false, status: 'live' }));
    clock.advance(SPEAKER_GRACE_MS - 1000);
    await liveFor(t.ctx).tick();
    await speaker(sermon);
    await eventually(() => expect(states.at(-1)).toMatchObject({ speakerConnected: true }));
    clock.advance(60_000);
    await liveFor(t.ctx).tick();
    expect(liveFor(t.ctx).room(sermon.id)).toBeDefined();
  });

  it('ends the sermon on its own when the speaker is away for five minutes', async () => {
    const sermon = await goLive();
    const sp = await speaker(sermon);
    const l = await client();
    const ended = record<{ reason: string; message: string }>(l, liveEvents.ended);
    ok(await request(l, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'en' }));
    sp.disconnect();
    await eventually(() => expect(liveFor(t.ctx).room(sermon.id)!.speakerConnected).toBe(false));
    clock.advance(SPEAKER_GRACE_MS - 1);
    await liveFor(t.ctx).tick();
    await settle(100);
    expect(ended).toEqual([]);
    clock.advance(1);
    await liveFor(t.ctx).tick();
    await eventually(() => expect(ended).toEqual([expect.objectContaining({ reason: 'speaker_timeout' })]));
    const [row] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, sermon.id));
    expect(row).toMatchObject({ status: 'ended', endReason: 'speaker_timeout' });
    const [session] = await t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermon.id));
    expect(session!.status).toBe('inactive');
  });

  it('ends a sermon whose speaker never connected after the same grace period', async () => {
    const sermon = await goLive();
    clock.advance(SPEAKER_GRACE_MS);
    await liveFor(t.ctx).tick();
    const [row] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, sermon.id));
    expect(row!.endReason).toBe('speaker_timeout');
  });
});

describe('a server restart', () => {
  it('ends sermons whose last heartbeat is older than the grace period and resumes the others', async () => {
    const now = clock.now();
    const startedAt = new Date(now - 40 * 60_000);
    const staleBeat = new Date(now - 10 * 60_000);
    const freshBeat = new Date(now - 60_000);
    // About heartbeats alone: earlier tests' sermons of this church are over and its weekly allowance
    // is wide, so the new process ends nothing for the limit; ids of their own for a retried run.
    await t.ctx.db.update(sermons).set({ status: 'ended', endedAt: new Date(now) })
      .where(sql`${sermons.churchId} = ${cast.church.id} and ${sermons.status} in ('live', 'paused')`);
    await t.ctx.db.update(churches).set({ weeklyStreamLimitMinutes: 10_000 }).where(eq(churches.id, cast.church.id));
    const tag = String(Date.now() % 100_000).padStart(5, '2');
    const [stale, fresh] = await t.ctx.db.insert(sermons).values([
      { broadcastId: `STALE${tag}`, churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', startedAt, lastHeartbeatAt: staleBeat, chargedSeconds: 1800 },
      { broadcastId: `FRESH${tag}`, churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', status: 'paused', startedAt, lastHeartbeatAt: freshBeat, chargedSeconds: 2000 },
    ]).returning();
    await t.ctx.db.insert(listenerSessions).values({ sermonId: stale!.id, userId: cast.member.user.id, language: 'es', startedAt });

    // A new process on the same database.
    const restarted = new LiveService(t.ctx, { clock });
    try {
      await restarted.start();
      const [endedRow] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, stale!.id));
      expect(endedRow).toMatchObject({ status: 'ended', endReason: 'speaker_timeout', chargedSeconds: 1800, durationSeconds: 30 * 60 });
      expect(endedRow!.endedAt!.getTime()).toBe(staleBeat.getTime());
      const [session] = await t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, stale!.id));
      expect(session).toMatchObject({ status: 'inactive', durationSeconds: 30 * 60 });

      const resumed = restarted.room(fresh!.id)!;
      expect(resumed).toBeDefined();
      expect(resumed).toMatchObject({ status: 'paused', speakerConnected: false });
      // Its grace period runs from its last heartbeat.
      clock.advance(SPEAKER_GRACE_MS - 60_000 - 1);
      await restarted.tick();
      expect(restarted.room(fresh!.id)).toBeDefined();
      clock.advance(1);
      await restarted.tick();
      expect(restarted.room(fresh!.id)).toBeUndefined();
      const [freshRow] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, fresh!.id));
      expect(freshRow).toMatchObject({ status: 'ended', endReason: 'speaker_timeout', chargedSeconds: 2000 });
    } finally {
      await restarted.close();
    }
  });

  it('keeps a sermon live across a real restart on the same data folder, transcript included', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'live-restart-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    try {
      const first = await buildApp(config, { logger: false });
      const people = await buildCast(first.ctx.db);
      await addChurchLanguages(first.ctx.db, people.church.id);
      const start = (cookie: string) => first.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie }, payload: { churchId: people.church.id, sourceLanguage: 'en' } });
      const kept: Sermon = (await start(people.staff.cookie)).json();
      const crashed: Sermon = (await start(people.churchAdmin.cookie)).json();
      // The church sends Indonesian captions to its livestream, which nobody listens to in the room.
      const feed = await first.app.inject({ method: 'POST', url: `/api/v1/churches/${people.church.id}/livestream/feeds`, headers: { cookie: people.churchAdmin.cookie }, payload: { kind: 'youtube', language: 'id', url: 'https://x.example/live' } });
      expect(feed.statusCode).toBe(200);
      const firstUrl = await listen(first.app);
      const sp = await connectLive(firstUrl, people.staff.cookie);
      ok(await request(sp, liveEvents.speakerJoin, { sermonId: kept.id }));
      ok(await request(sp, liveEvents.segment, { sermonId: kept.id, seq: 1, text: 'Said before the restart.', final: true }));
      await first.app.close();
      sp.disconnect();

      // The other sermon's process had died long ago: its heartbeat is old.
      const db = await openDatabase({ dataDir });
      await db.db.update(sermons).set({ lastHeartbeatAt: sql`now() - interval '10 minutes'` }).where(eq(sermons.id, crashed.id));
      const [stored] = await db.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, kept.id));
      expect(stored?.text).toBe('Said before the restart.');
      await db.close();

      const second = await buildApp(config, { logger: false });
      try {
        // Resumed with every part of the live side registered: its feed's language is wanted at once.
        expect(liveFor(second.ctx).room(kept.id)?.wantedLanguages(Date.now(), 60_000)).toContain('id');
        const [crashedRow] = await second.ctx.db.select().from(sermons).where(eq(sermons.id, crashed.id));
        expect(crashedRow).toMatchObject({ status: 'ended', endReason: 'speaker_timeout' });
        const secondUrl = await listen(second.app);
        const l = await connectLive(secondUrl);
        const ack = ok(await request<ListenerJoinAck>(l, liveEvents.listenerJoin, { broadcastId: kept.broadcastId, language: 'es' }));
        expect(ack.state).toMatchObject({ status: 'live', speakerConnected: false });
        expect(ack.captions).toEqual([expect.objectContaining({ seq: 1, provider: 'demo' })]);
        const sp2 = await connectLive(secondUrl, people.staff.cookie);
        const rejoined = ok(await request<SpeakerJoinAck>(sp2, liveEvents.speakerJoin, { sermonId: kept.id }));
        expect(rejoined.lastSeq).toBe(1);
        l.disconnect();
        sp2.disconnect();
      } finally {
        await second.app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000); // two server processes from source in turn: slow on a busy 2-core machine
});
