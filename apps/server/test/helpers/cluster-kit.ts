import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { liveEvents, type Caption, type ListenerJoinAck, type SegmentAck, type Sermon } from '@app/shared';
import { connectLive, eventually, ok, request, type ClientSocket } from './live-kit';

/**
 * Several real server processes behind a plain TCP balancer (decision 007), for the tests that
 * prove the live side works across processes. They need PostgreSQL and Redis
 * (TEST_DATABASE_URL, TEST_REDIS_URL) and run in the postgres project only.
 */
export const clusterRuns = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) && process.env.TEST_DB === 'postgres';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');

/** A server process, as `npm start` would run it, on its own port. */
export class ServerProcess {
  child: ChildProcess | null = null;
  constructor(readonly port: number, private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${this.port}/api/v1/health`);
      expect(res.status).toBe(200);
      // A shared machine under load can take most of a minute to start a process from source.
    }, 90_000);
  }

  async stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

/** The load balancer: each connection to the first backend that accepts it, round robin, no stickiness. */
export function balancer(ports: number[]): Promise<{ port: number; close: () => void }> {
  let next = 0;
  const server = net.createServer((client) => {
    client.pause();
    const order = ports.map((_, i) => ports[(next + i) % ports.length]!);
    next++;
    const tryNext = (i: number) => {
      if (i >= order.length) return client.destroy();
      const upstream = net.connect(order[i]!, '127.0.0.1');
      upstream.once('error', () => tryNext(i + 1));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryNext(0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ port: (server.address() as net.AddressInfo).port, close: () => server.close() });
  }));
}

export const freePort = () => balancer([]).then(({ port, close }) => (close(), port));


export interface Cluster {
  servers: ServerProcess[];
  lb: { port: number; close: () => void };
  /** The cluster's own fresh database. */
  databaseUrl: URL;
  close(): Promise<void>;
}

/**
 * Two processes on a fresh database of their own and the Redis, behind a balancer: the machine's
 * (TEST_DATABASE_URL, TEST_REDIS_URL), or a PostgreSQL and Redis the test started (own-services.ts).
 */
export async function startCluster(env: Record<string, string>, services?: { adminUrl: string; redisUrl: string }): Promise<Cluster> {
  const adminUrl = new URL(services?.adminUrl ?? process.env.TEST_DATABASE_URL!);
  const databaseUrl = new URL(adminUrl);
  const dbName = `cluster_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  databaseUrl.pathname = `/${dbName}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${dbName}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cluster-test-'));
  const all = {
    NODE_ENV: 'test', DATABASE_URL: databaseUrl.toString(), REDIS_URL: services?.redisUrl ?? process.env.TEST_REDIS_URL!, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false',
    ...env,
  };
  const servers = [new ServerProcess(await freePort(), all), new ServerProcess(await freePort(), all)];
  // The first start migrates the fresh database; the second finds it migrated.
  await servers[0]!.start();
  await servers[1]!.start();
  const lb = await balancer(servers.map((s) => s.port));
  return {
    servers,
    lb,
    databaseUrl,
    async close() {
      lb.close();
      for (const s of servers) await s.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
}

/**
 * A listener's phone, as use-live-captions.ts behaves: keeps one caption per seq, asks for what it
 * missed when a seq skips or its connection was recovered, and joins again (with lastSeq) when its
 * session was lost.
 */
export function listen(socket: ClientSocket, broadcastId: string, language: string) {
  const finals = new Map<number, string>();
  /** Each line as it appeared on the screen: a seq not shown before (a line stored twice shows twice). */
  const shown: string[] = [];
  /** When each line of `shown` appeared (Date.now()), at the same index. */
  const shownAt: number[] = [];
  let joined = false;
  let sessionId: string | undefined;
  const lastSeq = () => Math.max(0, ...finals.keys());
  const keep = (c: Caption) => {
    if (!c.final) return;
    if (!finals.has(c.seq)) {
      shown.push(c.text);
      shownAt.push(Date.now());
    }
    finals.set(c.seq, c.text);
  };
  const catchUp = async (afterSeq: number) => {
    const ack = await request<{ captions: Caption[] }>(socket, liveEvents.listenerCatchUp, { afterSeq });
    if (ack.ok) ack.captions.forEach(keep);
  };
  const join = async () => {
    const ack = ok(await request<ListenerJoinAck>(socket, liveEvents.listenerJoin, { broadcastId, language, lastSeq: lastSeq(), ...(sessionId ? { sessionId } : {}) }));
    ack.captions.forEach(keep);
    sessionId = ack.sessionId;
    joined = true;
  };
  socket.on(liveEvents.caption, (c: Caption) => {
    const last = lastSeq();
    keep(c);
    if (joined && c.final && c.seq > last + 1) void catchUp(last).catch(() => undefined);
  });
  socket.on('connect', () => {
    if (socket.recovered && joined) void catchUp(lastSeq()).catch(() => undefined);
    else void join().catch(() => undefined);
  });
  return { finals, shown, shownAt, join, language };
}

/** The speaker's screen: lines wait in order while disconnected and go out with their clientId. */
export function speak(socket: ClientSocket, sermonId: string) {
  const queue: Array<{ text: string; clientId: string; startedAt: number }> = [];
  /** When each line was said, by its text (decision 044: it keeps this through restarts). */
  const saidAt = new Map<string, number>();
  let sending = false;
  const flush = async () => {
    if (sending) return;
    sending = true;
    try {
      while (queue.length > 0 && socket.connected) {
        const line = queue[0]!;
        const ack = await request<SegmentAck>(socket, liveEvents.segment, { sermonId, seq: 1, text: line.text, final: true, clientId: line.clientId, startedAt: line.startedAt }).catch(() => null);
        if (!ack?.ok) break;
        queue.shift();
      }
    } finally {
      sending = false;
    }
  };
  const join = () => void request(socket, liveEvents.speakerJoin, { sermonId }).then(() => flush(), () => undefined);
  socket.on('connect', join);
  // A socket already connected has had its first 'connect': it joins now, as the speaker page does.
  if (socket.connected) join();
  return {
    say: (text: string) => {
      // This machine's clock is the servers': no offset to apply.
      const startedAt = Date.now();
      saidAt.set(text, startedAt);
      queue.push({ text, clientId: randomUUID(), startedAt });
      void flush();
    },
    saidAt,
    waiting: () => queue.length,
    flush,
  };
}

/** The staff member goes live through the balancer at `base`, as the Go Live screen does. */
export async function goLiveThrough(base: string, staffCookie: string, churchId: string): Promise<Sermon> {
  const res = await fetch(`${base}/api/v1/sermons`, {
    method: 'POST',
    headers: { cookie: staffCookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ churchId, sourceLanguage: 'en' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Sermon;
}

/** Opens live sockets through the balancer that reconnect as a page's do, each kept in `sockets` to close. */
export function liveConnector(base: string, sockets: ClientSocket[]) {
  return async (cookie?: string) => {
    const s = await connectLive(base, cookie, { reconnection: true });
    sockets.push(s);
    return s;
  };
}
