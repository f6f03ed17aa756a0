import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_NAMESPACE, chatEvents, type ChatMessage } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import { eventually, listen, record, settle } from '../../../test/helpers/live-kit';

type Cast = Awaited<ReturnType<typeof buildCast>>;
const sockets: Socket[] = [];

async function connectChat(base: string, cookie?: string): Promise<Socket> {
  const socket = connectClient(`${base}${CHAT_NAMESPACE}`, {
    transports: ['websocket'], forceNew: true, reconnectionDelay: 50, reconnectionDelayMax: 200,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

let n = 0;
async function post(base: string, cookie: string, url: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown> & { id: string; seq: number };
}
const say = (base: string, cookie: string, id: string, text: string) =>
  post(base, cookie, `/conversations/${id}/messages`, { text, language: 'pt', clientId: `c-${++n}-${Date.now()}` });

afterAll(() => { for (const s of sockets) s.disconnect(); });

describe('chat events on one process', () => {
  let t: TestApp;
  let cast: Cast;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await buildCast(t.ctx.db);
    base = await listen(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('refuses a socket without a sign-in', async () => {
    await expect(connectChat(base)).rejects.toThrow(/sign in/);
  });

  it("reaches each member's own room only: messages, read marks and the reader's unread count", async () => {
    const staff = await connectChat(base, cast.staff.cookie);
    const member = await connectChat(base, cast.member.cookie);
    const stranger = await connectChat(base, cast.otherMember.cookie);
    const toStaff = record<ChatMessage>(staff, chatEvents.message);
    const toMember = record<ChatMessage>(member, chatEvents.message);
    const toStranger = record<ChatMessage>(stranger, chatEvents.message);
    const reads = record(member, chatEvents.read);
    const unread = record(staff, chatEvents.unread);
    const conversation = await post(base, cast.member.cookie, '/conversations', { userId: cast.staff.user.id });
    const sent = await say(base, cast.member.cookie, conversation.id, 'Olá, pastor');
    await eventually(() => expect(toStaff.map((m) => m.text)).toEqual(['Olá, pastor']));
    await eventually(() => expect(toMember).toHaveLength(1));
    await post(base, cast.staff.cookie, `/conversations/${conversation.id}/read`, { upTo: sent.seq });
    await eventually(() => expect(reads).toEqual([{ conversationId: conversation.id, userId: cast.staff.user.id, upTo: sent.seq }]));
    await eventually(() => expect(unread).toEqual([{ unread: 0 }]));
    await settle();
    expect(toStranger).toHaveLength(0);
  });
});

/** Two apps (each its own Socket.IO server) on one PostgreSQL database and one Redis, as two processes are. */
const runs = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_REDIS_URL);
describe.runIf(runs)('chat events across two processes', () => {
  let first: TestApp;
  let second: BuiltApp;
  let cast: Cast;
  let bases: string[];
  let dataDir: string;
  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL! });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'chat-second-'));
    second = await buildApp(loadConfig({ ...first.config, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: first.config.DATABASE_URL!, REDIS_URL: process.env.TEST_REDIS_URL! } as unknown as Record<string, string>), { logger: false });
    cast = await buildCast(first.ctx.db);
    bases = [await listen(first.app), await listen(second.app)];
  }, 60_000);
  afterAll(async () => {
    await second?.app.close();
    await first?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers within a second to the other process, and replays what a dropped phone missed', async () => {
    const member = await connectChat(bases[0]!, cast.member.cookie);
    const staff = await connectChat(bases[1]!, cast.staff.cookie);
    const toStaff = record<ChatMessage>(staff, chatEvents.message);
    const toMember = record<ChatMessage>(member, chatEvents.message);
    const conversation = await post(bases[0]!, cast.member.cookie, '/conversations', { userId: cast.staff.user.id });
    const started = Date.now();
    await say(bases[0]!, cast.member.cookie, conversation.id, 'Bom dia');
    await eventually(() => expect(toStaff.map((m) => m.text)).toEqual(['Bom dia']), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    // The answer, written on the second process, reaches the member on the first.
    await say(bases[1]!, cast.staff.cookie, conversation.id, 'Good morning');
    await eventually(() => expect(toMember.map((m) => m.text)).toEqual(['Bom dia', 'Good morning']), 1000);

    // The staff phone drops (transport closed, as when a train enters a tunnel) and comes back.
    staff.io.engine.close();
    await say(bases[0]!, cast.member.cookie, conversation.id, 'Está aí?');
    await eventually(() => expect(staff.connected).toBe(true), 5000);
    await eventually(() => expect(toStaff.map((m) => m.text)).toEqual(['Bom dia', 'Good morning', 'Está aí?']), 5000);
    expect(staff.recovered).toBe(true);
  }, 30_000);
});
