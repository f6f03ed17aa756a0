/**
 * The server side of the chat benchmark (bench/chat.ts), one per process: the real app on the
 * shared PostgreSQL database and Redis, plus a bare namespace `/bench-chat` for the baseline (one
 * room, the same clients). The first (BENCH_SEED=1) seeds a church, `BENCH_MEMBERS` members with a
 * session each, five staff posters and one group of them all. Not meant to be run by hand.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { churches, conversationMembers, conversations, serverSessions, users } from '../apps/server/src/db/schema';
import { sha256 } from '../apps/server/src/lib/crypto';
import { newReferralCode } from '../apps/server/src/lib/ids';
import { SESSION_COOKIE } from '../apps/server/src/lib/session';
import { LISTEN_BACKLOG } from '../apps/server/src/lib/listen';

const send = (msg: object) => process.send?.(msg);
process.on('unhandledRejection', (err) => process.stderr.write(`unhandled rejection: ${String(err)}\n`));

const config = loadConfig({ LISTEN_PER_ADDRESS: '1000000', ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
const { app, ctx } = await buildApp(config, { logger: false });
const POSTERS = 5;

async function seed(members: number) {
  const [church] = await ctx.db.insert(churches).values({
    name: 'Benchmark Church', address: '1 Bench Street', suburb: 'Sydney', state: 'New South Wales', country: 'Australia',
    contactNumber: '0299990000', pastorName: 'Pat Pastor', pastorPhone: '0411111111',
  }).returning();
  const people = Array.from({ length: members + POSTERS }, (_, i) => ({
    email: `person${i}@bench.local`, passwordHash: '!bench', role: i < POSTERS ? ('staff' as const) : ('member' as const),
    churchId: church!.id, firstName: `Person${i}`, lastName: 'Bench', referralCode: newReferralCode(),
  }));
  const ids: string[] = [];
  for (let i = 0; i < people.length; i += 1000) {
    ids.push(...(await ctx.db.insert(users).values(people.slice(i, i + 1000)).returning({ id: users.id })).map((r) => r.id));
  }
  const tokens = ids.map((_, i) => `bench-token-${i}-${Math.random().toString(36).slice(2)}`);
  const expiresAt = new Date(Date.now() + 24 * 60 * 60_000);
  for (let i = 0; i < ids.length; i += 1000) {
    await ctx.db.insert(serverSessions).values(ids.slice(i, i + 1000).map((userId, j) => ({ idHash: sha256(tokens[i + j]!), userId, expiresAt })));
  }
  const [group] = await ctx.db.insert(conversations).values({ churchId: church!.id, kind: 'group', name: 'Whole church', createdById: ids[0] }).returning();
  for (let i = 0; i < ids.length; i += 1000) {
    await ctx.db.insert(conversationMembers).values(ids.slice(i, i + 1000).map((userId) => ({ conversationId: group!.id, userId })));
  }
  const cookies = tokens.map((t) => `${SESSION_COOKIE}=${t}`);
  return { conversationId: group!.id, churchId: church!.id, posterCookies: cookies.slice(0, POSTERS), memberCookies: cookies.slice(POSTERS), ids };
}

/** 1,000,000 stored messages: most in the big group, the rest over 200 direct conversations of member 0. */
async function fill(conversationId: string, churchId: string, ids: string[], total: number) {
  const member0 = ids[POSTERS]!;
  const directs: string[] = [];
  for (let i = 0; i < Math.min(200, ids.length - POSTERS - 1); i++) {
    const other = ids[POSTERS + 1 + i]!;
    const [c] = await ctx.db.insert(conversations).values({ churchId, kind: 'direct', directKey: [member0, other].sort().join(':'), createdById: member0, lastMessageAt: new Date(Date.now() - i * 60_000) }).returning();
    await ctx.db.insert(conversationMembers).values([{ conversationId: c!.id, userId: member0 }, { conversationId: c!.id, userId: other }]);
    directs.push(c!.id);
  }
  const inGroup = Math.floor(total * 0.9);
  const poster = ids[0]!;
  await ctx.db.execute(sql`insert into messages (conversation_id, sender_id, text, language, created_at)
    select ${conversationId}::uuid, ${poster}::uuid, 'Stored message ' || g, 'en', now() - (${inGroup} - g) * interval '1 second'
    from generate_series(1, ${inGroup}) g`);
  const rest = total - inGroup;
  await ctx.db.execute(sql`insert into messages (conversation_id, sender_id, text, language, created_at)
    select (${sql.raw(`array['${directs.join("','")}']`)}::uuid[])[1 + (g % ${directs.length})], ${member0}::uuid, 'Direct message ' || g, 'en', now() - (${rest} - g) * interval '1 second'
    from generate_series(1, ${rest}) g`);
  // A table that grew to a million messages over months has been vacuumed by autovacuum (its
  // visibility map set, so index-only scans stay index-only); measuring in the minute after a bulk
  // insert, before autovacuum's first pass, would measure a state production never sits in.
  await ctx.db.execute(sql`vacuum analyze messages`);
  return { directs };
}

const bare = app.io.of('/bench-chat');
bare.on('connection', (socket) => {
  void socket.join('all');
  socket.on('echo', (msg: { seq: number; text: string }) => bare.to('all').emit('msg', msg));
});

await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const seeded = process.env.BENCH_SEED === '1' ? await seed(Number(process.env.BENCH_MEMBERS)) : null;

process.on('message', async (msg: { type: 'fill'; total: number } | { type: 'stop' }) => {
  if (msg.type === 'fill' && seeded) {
    try {
      send({ type: 'filled', ...(await fill(seeded.conversationId, seeded.churchId, seeded.ids, msg.total)) });
    } catch (err) {
      process.stderr.write(`filling failed: ${String(err)}\n`);
      process.exit(1);
    }
  } else if (msg.type === 'stop') {
    await app.close();
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({ type: 'ready', port, ...(seeded ? { conversationId: seeded.conversationId, posterCookies: seeded.posterCookies, memberCookies: seeded.memberCookies } : {}) });
