import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveEvents,
  lobbyEvents,
  type Caption,
  type ListenerJoinAck,
  type LobbyInfo,
  type LobbyLivePayload,
  type PreparedText,
  type SegmentAck,
  type Sermon,
  type SermonByBroadcast,
  type SermonState,
} from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { MOCK_TRANSLATOR_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { openDatabase } from '../../db/client';
import { churches, sermons } from '../../db/schema';
import { SecretBox } from '../../lib/crypto';
import { addChurchLanguages, connectLive, eventually, ok, record, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { clusterRuns, goLiveThrough, listen, liveConnector, speak, startCluster, type Cluster } from '../../../test/helpers/cluster-kit';

/**
 * Decision 007's proof: two real server processes on one PostgreSQL database and one Redis, behind a
 * plain TCP balancer, serve one sermon through a rolling restart (SIGTERM, start again) and a crash
 * (kill -9). Runs only where both answer (TEST_DATABASE_URL and TEST_REDIS_URL; run by hand, see .ci/run).
 */
const LINES = 20;

describe.runIf(clusterRuns)('two server processes behind a balancer', () => {
  let cluster: Cluster;
  let servers: Cluster['servers'];
  let lb: Cluster['lb'];
  let url: URL;
  let mock: MockAzure;
  const secretsKey = '0'.repeat(64);
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    // Churches with a translator key reach this mock; the others use the demo translator.
    mock = await startMockAzure();
    cluster = await startCluster({ SECRETS_KEY: secretsKey, AZURE_TRANSLATOR_ENDPOINT: mock.url });
    ({ servers, lb, databaseUrl: url } = cluster);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.close();
    await mock?.close();
  }, 30_000);

  it('turns guests waiting in the lobby on both processes live when the speaker goes live on one', async () => {
    const database = await openDatabase({ databaseUrl: url.toString() });
    const lobbyCast = await buildCast(database.db);
    await addChurchLanguages(database.db, lobbyCast.church.id);
    const [church] = await database.db.update(churches).set({ joinCode: 'SUNDAY' }).where(eq(churches.id, lobbyCast.church.id)).returning();
    await database.close();
    // One guest on each process, directly (no balancer): the push must cross the Redis adapter.
    const guests = await Promise.all(servers.map(async (server) => {
      const socket = await connectLive(`http://127.0.0.1:${server.port}`);
      sockets.push(socket);
      ok(await request(socket, lobbyEvents.join, { code: church!.joinCode.toLowerCase(), languages: ['pt'] }));
      return record<LobbyLivePayload>(socket, lobbyEvents.live);
    }));
    const base = `http://127.0.0.1:${servers[0]!.port}`;
    const startedAt = Date.now();
    const res = await fetch(`${base}/api/v1/sermons`, {
      method: 'POST',
      headers: { cookie: lobbyCast.staff.cookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ churchId: lobbyCast.church.id, sourceLanguage: 'en' }),
    });
    expect(res.status).toBe(201);
    const sermon = (await res.json()) as Sermon;
    await eventually(() => {
      for (const seen of guests) expect(seen).toMatchObject([{ sermonId: sermon.id, broadcastId: sermon.broadcastId }]);
    }, 2_000);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await fetch(`${base}/api/v1/sermons/${sermon.id}/end`, { method: 'POST', headers: { cookie: lobbyCast.staff.cookie, origin: base } });
  }, 30_000);

  it('forgets a church’s public answers on the other process at each change, before its lobbies there are told', async () => {
    const database = await openDatabase({ databaseUrl: url.toString() });
    const cast = await buildCast(database.db);
    await addChurchLanguages(database.db, cast.church.id);
    await database.db.update(churches).set({ joinCode: 'MEMORY' }).where(eq(churches.id, cast.church.id));
    const [a, b] = servers.map((server) => `http://127.0.0.1:${server!.port}`) as [string, string];
    const get = async <T>(base: string, path: string) => {
      const res = await fetch(`${base}/api/v1${path}`);
      return { status: res.status, body: (await res.json()) as T };
    };
    const send = (method: string, path: string, body?: unknown) => fetch(`${a}/api/v1${path}`, {
      method, headers: { cookie: cast.churchAdmin.cookie, 'content-type': 'application/json', origin: a }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect((await get<LobbyInfo>(b, '/lobby/memory')).body.live).toBeNull();
    // Process b answers from memory: a write behind the services' back is not seen there...
    await database.db.update(churches).set({ name: 'Written directly' }).where(eq(churches.id, cast.church.id));
    expect((await get<LobbyInfo>(b, '/lobby/memory')).body.church.name).not.toBe('Written directly');

    // ...and a guest on b, asking again the moment it is told, already sees the sermon a started.
    const guest = await connectLive(b);
    sockets.push(guest);
    ok(await request(guest, lobbyEvents.join, { code: 'memory', languages: ['es'] }));
    const seenOnPush: LobbyInfo[] = [];
    const pushes = record<LobbyLivePayload>(guest, lobbyEvents.live);
    guest.on(lobbyEvents.live, () => void get<LobbyInfo>(b, '/lobby/memory').then((r) => seenOnPush.push(r.body)));
    const started = await fetch(`${a}/api/v1/sermons`, {
      method: 'POST',
      headers: { cookie: cast.staff.cookie, 'content-type': 'application/json', origin: a },
      body: JSON.stringify({ churchId: cast.church.id, sourceLanguage: 'en' }),
    });
    const sermon = (await started.json()) as Sermon;
    await eventually(() => expect(seenOnPush).toHaveLength(1), 2_000);
    expect(seenOnPush[0]!.live?.broadcastId).toBe(sermon.broadcastId);
    expect(pushes[0]!.listen).toEqual((await get<SermonByBroadcast>(b, `/sermons/by-broadcast/${sermon.broadcastId}`)).body);

    const speaker = await connectLive(a, cast.staff.cookie);
    sockets.push(speaker);
    ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
    ok(await request(speaker, liveEvents.pause, { sermonId: sermon.id, paused: true }));
    await eventually(async () => expect((await get<SermonByBroadcast>(b, `/sermons/by-broadcast/${sermon.broadcastId}`)).body.sermon.status).toBe('paused'), 2_000);
    expect((await send('PATCH', `/churches/${cast.church.id}`, { name: 'Renamed on a' })).status).toBe(200);
    await eventually(async () => {
      expect((await get<LobbyInfo>(b, '/lobby/memory')).body.church.name).toBe('Renamed on a');
      expect((await get<SermonByBroadcast>(b, `/sermons/by-broadcast/${sermon.broadcastId}`)).body.sermon.churchName).toBe('Renamed on a');
    }, 2_000);
    expect((await send('PATCH', `/churches/${cast.church.id}/live-settings`, { guestsMayListen: false })).status).toBe(200);
    await eventually(async () => {
      const seen = await get<LobbyInfo>(b, '/lobby/memory');
      expect(seen.body.church.guestsAllowed).toBe(false);
      expect(seen.body.live).toBeNull();
      expect((await get(b, `/sermons/by-broadcast/${sermon.broadcastId}`)).status).toBe(401);
    }, 2_000);

    // The end: a lobby on b told it ended finds the sermon gone when it asks again at once.
    const member = await connectLive(b, cast.member.cookie);
    sockets.push(member);
    ok(await request(member, lobbyEvents.join, { code: 'MEMORY', languages: ['es'] }));
    const seenOnEnd: LobbyInfo[] = [];
    member.on(lobbyEvents.ended, () => {
      void fetch(`${b}/api/v1/lobby/memory`, { headers: { cookie: cast.member.cookie } }).then(async (r) => seenOnEnd.push((await r.json()) as LobbyInfo));
    });
    expect((await fetch(`${a}/api/v1/sermons/${sermon.id}/end`, { method: 'POST', headers: { cookie: cast.staff.cookie, origin: a } })).status).toBe(200);
    await eventually(() => expect(seenOnEnd).toHaveLength(1), 2_000);
    expect(seenOnEnd[0]!.live).toBeNull();
    expect(seenOnEnd[0]!.lastEnded?.broadcastId).toBe(sermon.broadcastId);
    await database.close();
  }, 30_000);

  it('delivers every caption once, in order, to listeners on both through a rolling restart and a crash', async () => {
    const database = await openDatabase({ databaseUrl: url.toString() });
    const cast = await buildCast(database.db);
    await addChurchLanguages(database.db, cast.church.id);
    const base = `http://127.0.0.1:${lb.port}`;
    const sermon = await goLiveThrough(base, cast.staff.cookie, cast.church.id);

    const connect = liveConnector(base, sockets);
    const speakerSocket = await connect(cast.staff.cookie);
    const speaker = speak(speakerSocket, sermon.id);
    await request(speakerSocket, liveEvents.speakerJoin, { sermonId: sermon.id });
    // Round robin: listeners alternate between the two processes.
    const listeners: Array<ReturnType<typeof listen>> = [];
    for (const language of ['es', 'pt', 'en', 'es']) {
      const l = listen(await connect(cast.member.cookie), sermon.broadcastId, language);
      await l.join();
      listeners.push(l);
    }
    const allHave = (n: number) => eventually(() => {
      // Said per listener, so a failure shows who missed which line.
      const seen = listeners.map((l, i) => `${i}:${l.language}:${[...l.finals.keys()].sort((a, b) => a - b).join(',')}`);
      const whole = Array.from({ length: n }, (_, i) => i + 1).join(',');
      expect(seen).toEqual(listeners.map((l, i) => `${i}:${l.language}:${whole}`));
    }, 20_000);
    let said = 0;
    const say = (n: number) => {
      for (let i = 0; i < n; i++) speaker.say(`Line ${++said} of the sermon.`);
    };

    say(4);
    await allHave(4);
    // A rolling deploy: each process in turn stops (SIGTERM) while lines are spoken, and comes back.
    for (const server of servers) {
      say(2);
      await server.stop('SIGTERM');
      say(2);
      await server.start();
      say(2);
    }
    await allHave(16);
    // A crash of the first one.
    await servers[0]!.stop('SIGKILL');
    say(4);
    await allHave(LINES);

    expect(speaker.waiting()).toBe(0);
    for (const l of listeners) {
      const seqs = [...l.finals.keys()].sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: LINES }, (_, i) => i + 1));
      // Each seq is its own line (the same words in English; demo translations carry the words).
      for (const seq of seqs) expect(l.finals.get(seq)).toContain(`Line ${seq} of the sermon`);
      // Shown once each: none lost, none doubled.
      const duplicated = l.shown.filter((text, i) => l.shown.indexOf(text) !== i);
      expect(duplicated).toEqual([]);
      expect(l.shown).toHaveLength(LINES);
    }
    // Every line keeps when it was said, whichever process stored it and however long it waited.
    const times = await database.db.execute<{ text: string; spoken_at: Date }>(`select text, spoken_at from transcript_segments where sermon_id = '${sermon.id}'`);
    for (const r of times.rows) expect(new Date(r.spoken_at).getTime()).toBe(speaker.saidAt.get(r.text));
    // One listening session per phone, though each one's process went away.
    const sessions = await database.db.execute<{ n: number }>(`select count(*)::int as n from listener_sessions where sermon_id = '${sermon.id}'`);
    expect(sessions.rows[0]?.n).toBe(listeners.length);
    const [row] = await database.db.select({ status: sermons.status }).from(sermons).where(eq(sermons.id, sermon.id));
    expect(row?.status).toBe('live');
    const stored = await database.db.execute<{ n: number }>(`select count(*)::int as n from transcript_segments where sermon_id = '${sermon.id}'`);
    expect(stored.rows[0]?.n).toBe(LINES);
    await database.close();
  }, 120_000);

  it('tells a guest on one process that the speaker on the other is connected, and gives listeners on both the partial translated once', async () => {
    if (servers[0]!.child?.exitCode !== null || servers[0]!.child?.signalCode !== null) await servers[0]!.start();
    const database = await openDatabase({ databaseUrl: url.toString() });
    const cast = await buildCast(database.db);
    await addChurchLanguages(database.db, cast.church.id);
    const secrets = new SecretBox(Buffer.from(secretsKey, 'hex'));
    await database.db.update(churches).set({ guestsMayListen: true, translatorKeyEnc: secrets.encrypt(MOCK_TRANSLATOR_KEY), translatorLocation: 'australiaeast' }).where(eq(churches.id, cast.church.id));
    await database.close();
    const direct = (i: number) => `http://127.0.0.1:${servers[i]!.port}`;
    const res = await fetch(`${direct(1)}/api/v1/sermons`, {
      method: 'POST',
      headers: { cookie: cast.staff.cookie, 'content-type': 'application/json', origin: direct(1) },
      body: JSON.stringify({ churchId: cast.church.id, sourceLanguage: 'en' }),
    });
    expect(res.status).toBe(201);
    const sermon = (await res.json()) as Sermon;
    mock.reset();

    // The speaker on process 2; a guest joins on process 1 at once, before process 2's figures
    // reach it: it may be told "reconnecting" at first, and must be told otherwise right after.
    const speakerSocket = await connectLive(direct(1), cast.staff.cookie);
    sockets.push(speakerSocket);
    ok(await request(speakerSocket, liveEvents.speakerJoin, { sermonId: sermon.id }));
    const join = async (i: number, language: string) => {
      const socket = await connectLive(direct(i));
      sockets.push(socket);
      const states = record<SermonState>(socket, liveEvents.state);
      const captions = record<Caption>(socket, liveEvents.caption);
      const ack = ok(await request<ListenerJoinAck>(socket, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language, lastSeq: 0 }));
      return { states, captions, ack, speakerConnected: () => states.at(-1)?.speakerConnected ?? ack.state.speakerConnected };
    };
    const guest = await join(0, 'pt');
    const near = await join(1, 'pt');
    await eventually(() => expect(guest.speakerConnected()).toBe(true), 3_000);
    expect(near.speakerConnected()).toBe(true);

    const words = 'today we open the word together and we ask the lord to speak to our hearts'.split(' ');
    for (let n = 1; n <= words.length; n++) {
      speakerSocket.emit(liveEvents.segment, { sermonId: sermon.id, seq: 1, text: words.slice(0, n).join(' '), final: false });
      await new Promise((r) => setTimeout(r, 150));
    }
    const partials = (l: typeof guest) => l.captions.filter((c) => !c.final).map((c) => c.text);
    await eventually(() => expect(partials(guest).length).toBeGreaterThan(1), 5_000);
    await eventually(() => expect(partials(guest)).toEqual(partials(near)), 3_000);
    // Asked once for the cluster: one request per partial shown, not one per process.
    expect(mock.stats.counts.translate).toBe(partials(guest).length);
    expect(guest.speakerConnected()).toBe(true);
  }, 60_000);

  it('sends prepared paragraphs to listeners on both processes from stored translations, with no translator request (decision 026)', async () => {
    if (servers[0]!.child?.exitCode !== null || servers[0]!.child?.signalCode !== null) await servers[0]!.start();
    const database = await openDatabase({ databaseUrl: url.toString() });
    const cast = await buildCast(database.db);
    await addChurchLanguages(database.db, cast.church.id);
    const secrets = new SecretBox(Buffer.from(secretsKey, 'hex'));
    await database.db.update(churches).set({ translatorKeyEnc: secrets.encrypt(MOCK_TRANSLATOR_KEY), translatorLocation: 'australiaeast' }).where(eq(churches.id, cast.church.id));
    const base = `http://127.0.0.1:${lb.port}`;
    const post = async <T>(path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie: cast.staff.cookie, 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      return (await res.json()) as T;
    };
    const prepared = await post<PreparedText>(`/api/v1/churches/${cast.church.id}/prepared-texts`, { title: 'Reading', text: 'One.\n\nTwo.\n\nThree.\n\nFour.\n\nFive.' });
    expect(prepared.paragraphs[0]!.translations.es).toBe('[es] One.');
    const sermon = await post<Sermon>('/api/v1/sermons', { churchId: cast.church.id, sourceLanguage: 'en' });
    mock.reset();

    const connect = liveConnector(base, sockets);
    const speakerSocket = await connect(cast.staff.cookie);
    ok(await request(speakerSocket, liveEvents.speakerJoin, { sermonId: sermon.id }));
    // Round robin: the listeners alternate between the two processes.
    const listeners: Array<ReturnType<typeof listen>> = [];
    for (const language of ['es', 'pt', 'es', 'pt']) {
      const l = listen(await connect(cast.member.cookie), sermon.broadcastId, language);
      await l.join();
      listeners.push(l);
    }
    for (const [i, p] of prepared.paragraphs.entries()) {
      ok(await request<SegmentAck>(speakerSocket, liveEvents.segment, { sermonId: sermon.id, seq: i + 1, text: p.text, final: true, clientId: randomUUID(), preparedParagraphId: p.id }));
    }
    await eventually(() => {
      for (const l of listeners) expect([...l.finals.values()]).toEqual(prepared.paragraphs.map((p) => p.translations[l.language]));
    }, 20_000);
    expect(mock.stats.counts.translate).toBe(0);
    await database.close();
  }, 90_000);
});
