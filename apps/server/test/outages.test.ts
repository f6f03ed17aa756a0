import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, type SegmentAck } from '@app/shared';
import { buildCast } from './helpers/factories';
import { goLiveThrough, listen, liveConnector, speak, startCluster, type Cluster } from './helpers/cluster-kit';
import { addChurchLanguages, eventually, ok, request, settle, type ClientSocket } from './helpers/live-kit';
import { ownServicesRun, startPostgres, startRedis, type OwnPostgres, type OwnRedis } from './helpers/own-services';
import { openDatabase, type Database } from '../src/db/client';

/**
 * Decision 054 through the outages of a deployment's services, mid-sermon, on two real processes
 * behind a balancer: Redis killed (and started again, empty), then PostgreSQL restarted twice (a
 * fast shutdown, as an upgrade or a failover does), while the speaker keeps talking. Every line
 * is shown once on every phone, stored once with its translations, and the sermon stays live.
 * Outside the outages a line reaches the phones within a second (p95).
 *
 * The test starts a PostgreSQL and a Redis of its own: the machine's are shared with the test files
 * running beside it.
 */
const LINE_EVERY_MS = 250;
/** After a service is back, how long its clients may take to find it again before delays count. */
const SETTLE_MS = 2000;
const LANGUAGES = ['es', 'pt'];
/** Between outages: long enough, beyond SETTLE_MS, for a few seconds of lines to measure. */
const CALM_MS = 4500;

/** A client of the API that sends, and resends every 200 ms until acknowledged, under its own seq. */
function resender(socket: ClientSocket, sermonId: string) {
  let seq = 0;
  const pending: Array<{ seq: number; text: string }> = [];
  const send = (line: { seq: number; text: string }) => {
    if (!socket.connected) return;
    void request<SegmentAck>(socket, liveEvents.segment, { sermonId, seq: line.seq, text: line.text, final: true }).then((ack) => {
      const at = pending.indexOf(line);
      if (ack.ok && at >= 0) pending.splice(at, 1);
    }, () => undefined);
  };
  const timer = setInterval(() => pending.forEach(send), 200);
  socket.on('connect', () => void request(socket, liveEvents.speakerJoin, { sermonId }).catch(() => undefined));
  return {
    say: (text: string) => {
      const line = { seq: ++seq, text };
      pending.push(line);
      send(line);
    },
    waiting: () => pending.length,
    stop: () => clearInterval(timer),
  };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)] ?? 0;

describe.runIf(process.env.TEST_DB === 'postgres' && ownServicesRun)('Redis killed and PostgreSQL restarted twice mid-sermon (needs initdb, postgres and redis-server)', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let cluster: Cluster;
  let database: Database;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const t0 = Date.now();
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const t1 = Date.now();
    cluster = await startCluster({ SECRETS_KEY: '3'.repeat(64) }, { adminUrl: postgres.url, redisUrl: redis.url });
    database = await openDatabase({ databaseUrl: cluster.databaseUrl.toString() });
    console.info(`outages: services ${t1 - t0} ms, cluster ${Date.now() - t1} ms`);
  }, 200_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await database?.close().catch(() => undefined);
    await cluster?.close().catch(() => undefined);
    await postgres?.close();
    await redis?.close();
  }, 60_000);

  it('loses no line, stores and shows none twice, translates every one, and keeps captions within a second between outages', async () => {
    const started = Date.now();
    const cast = await buildCast(database.db);
    await addChurchLanguages(database.db, cast.church.id);
    const base = `http://127.0.0.1:${cluster.lb.port}`;
    const sermon = await goLiveThrough(base, cast.staff.cookie, cast.church.id);
    const connect = liveConnector(base, sockets);
    const speakers = [await connect(cast.staff.cookie), await connect(cast.staff.cookie)] as const;
    const page = speak(speakers[0], sermon.id);
    const api = resender(speakers[1], sermon.id);
    // Both speaker clients were connected before their screens were: they join now, and again on every reconnection.
    for (const s of speakers) ok(await request(s, liveEvents.speakerJoin, { sermonId: sermon.id }));
    // Four guests' phones behind one address (a church's Wi-Fi), in two languages.
    const phones: Array<ReturnType<typeof listen>> = [];
    for (const language of [...LANGUAGES, ...LANGUAGES]) {
      const phone = listen(await connect(), sermon.broadcastId, language);
      await phone.join();
      phones.push(phone);
    }

    // A first line, waited for on every phone: the processes' first caption loads and compiles what
    // the next ones reuse (about a second on a busy two-core machine), before the clock of delays starts.
    const texts: string[] = ['The sermon begins.'];
    page.say(texts[0]!);
    await eventually(() => expect(phones.map((p) => p.shown), `speaker waiting ${page.waiting()}`).toEqual(phones.map((p) => [p.language === 'en' ? texts[0] : `[${p.language.toUpperCase()} demo] ${texts[0]}`])), 20_000);
    const saidAt = new Map<string, number>([[texts[0]!, page.saidAt.get(texts[0]!)!]]);

    // The speaker talks on throughout: a line every 250 ms, from the speaker page and the API in turn.
    const talking = setInterval(() => {
      const text = `Line ${texts.length} of the sermon.`;
      texts.push(text);
      saidAt.set(text, Date.now());
      if (texts.length % 2) page.say(text);
      else api.say(text);
    }, LINE_EVERY_MS);
    /** When each service was away: from going down until it was back and its clients had found it. */
    const outages: Array<{ what: string; from: number; to: number }> = [];
    const outage = async (what: string, down: () => Promise<void>, awayMs: number, up: () => Promise<void>) => {
      const from = Date.now();
      await down();
      await settle(awayMs);
      await up();
      outages.push({ what, from, to: Date.now() + SETTLE_MS });
      await settle(CALM_MS);
    };

    try {
      await settle(CALM_MS);
      await outage('redis', () => redis.kill(), 3000, () => redis.start());
      await outage('postgres 1', () => postgres.stop(), 2000, () => postgres.start());
      await outage('postgres 2', () => postgres.stop(), 2000, () => postgres.start());
    } finally {
      clearInterval(talking);
    }

    await eventually(() => {
      expect(page.waiting() + api.waiting()).toBe(0);
      // Said per phone, so a failure shows who missed what.
      expect(phones.map((p) => p.shown.length)).toEqual(phones.map(() => texts.length));
    }, 30_000);
    api.stop();

    // Shown once: no line twice on any phone, and each phone's lines are the lines said.
    const source = (caption: string) => caption.replace(/^\[[A-Z-]+ demo\] /, '');
    for (const phone of phones) {
      expect(phone.shown.map(source).sort()).toEqual([...texts].sort());
    }

    // Stored once each, every one translated into both languages listened to.
    const stored = await database.db.execute<{ text: string; copies: number; languages: string | null }>(`
      select s.text, count(distinct s.id)::int as copies, string_agg(t.language, ',' order by t.language) as languages
      from transcript_segments s left join segment_translations t on t.segment_id = s.id
      where s.sermon_id = '${sermon.id}' group by s.text`);
    expect(stored.rows.map((r) => r.text).sort()).toEqual([...texts].sort());
    expect(stored.rows.filter((r) => r.copies !== 1)).toEqual([]);
    await eventually(async () => {
      const again = await database.db.execute<{ text: string; languages: string | null }>(`
        select s.text, string_agg(t.language, ',' order by t.language) as languages
        from transcript_segments s left join segment_translations t on t.segment_id = s.id
        where s.sermon_id = '${sermon.id}' group by s.id, s.text`);
      expect(again.rows.filter((r) => r.languages !== [...LANGUAGES].sort().join(','))).toEqual([]);
    }, 20_000);
    const status = await database.db.execute<{ status: string }>(`select status from sermons where id = '${sermon.id}'`);
    expect(status.rows[0]?.status).toBe('live');

    // Caption delay, said to shown, on every phone, for the lines said away from any outage.
    const calm = (at: number) => !outages.some((o) => at + 1000 > o.from && at < o.to);
    const delays = phones.flatMap((phone) => phone.shown.map((caption, i) => ({ said: saidAt.get(source(caption))!, delay: phone.shownAt[i]! - saidAt.get(source(caption))! })))
      .filter((d) => d.said > saidAt.get(texts[0]!)!);
    const outside = delays.filter((d) => calm(d.said)).map((d) => d.delay);
    const during = delays.filter((d) => !calm(d.said)).map((d) => d.delay);
    console.info(`outages: ${texts.length} lines, ${phones.length} phones; delay p95 outside outages ${p95(outside)} ms (max ${Math.max(...outside)}, ${outside.length} shown), during ${p95(during)} ms (max ${Math.max(...during)}, ${during.length} shown); ${Math.round((Date.now() - started) / 1000)} s`);
    expect(outside.length).toBeGreaterThan(texts.length);
    // On failure, each line's delays (fastest-slowest phone) by when it was said, beside the outages.
    const first = saidAt.get(texts[1]!)!;
    const timeline = [
      outages.map((o) => `${o.what} ${o.from - first}..${o.to - first} ms`).join('; '),
      texts.slice(1).map((t) => {
        const ds = delays.filter((d) => d.said === saidAt.get(t)).map((d) => d.delay);
        return `${saidAt.get(t)! - first}: ${Math.min(...ds)}-${Math.max(...ds)}`;
      }).join(', '),
    ].join('\n');
    expect(p95(outside), timeline).toBeLessThanOrEqual(1000);
  }, 200_000);
});
