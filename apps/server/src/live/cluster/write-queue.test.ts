import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildChurch, buildUser } from '../../../test/helpers/factories';
import type { Db } from '../../db/client';
import { listenerSessions, segmentTranslations, sermons } from '../../db/schema';
import { storeSegment } from './segment-store';
import { WriteQueue } from './write-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function liveSermon() {
  const church = await buildChurch(t.ctx.db);
  const [sermon] = await t.ctx.db.insert(sermons).values({ broadcastId: randomUUID().slice(0, 8), churchId: church.id, sourceLanguage: 'en' }).returning();
  return { church, sermon: sermon! };
}

const sessionsOf = (sermonId: string) => t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermonId));

describe('the live write queue', () => {
  it('stores a congregation joining at once, with who joined, as one batch of whole rows', async () => {
    const { church, sermon } = await liveSermon();
    const member = await buildUser(t.ctx.db, 'member', { churchId: church.id });
    const queue = new WriteQueue(t.ctx.db, t.ctx.log);
    const startedAt = new Date('2026-11-22T09:30:00.000Z');
    const ids = Array.from({ length: 2500 }, () => randomUUID());
    ids.forEach((id, i) => queue.startListenerSession({
      id, sermonId: sermon.id, userId: i === 0 ? member.id : null, language: i % 2 ? 'es' : 'pt', startedAt, status: 'active',
      ...(i === 1 ? { guestName: 'projector' } : {}),
    }));
    await queue.flush();

    const rows = await sessionsOf(sermon.id);
    expect(rows).toHaveLength(2500);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)).toMatchObject({ userId: member.id, guestName: null, language: 'pt', status: 'active', endedAt: null, durationSeconds: null });
    expect(byId.get(ids[0]!)!.startedAt.toISOString()).toBe(startedAt.toISOString());
    expect(byId.get(ids[1]!)).toMatchObject({ userId: null, guestName: 'projector', language: 'es' });
    const [counted] = await t.ctx.db.select({ joined: sermons.listenersJoined }).from(sermons).where(eq(sermons.id, sermon.id));
    expect(counted!.joined).toBe(2500);
  });

  it('ends and moves sessions stored earlier, and stores one that came and went within a batch complete', async () => {
    const { sermon } = await liveSermon();
    const queue = new WriteQueue(t.ctx.db, t.ctx.log);
    const startedAt = new Date('2026-11-22T09:30:00.000Z');
    const [stays, leaves, brief] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [stays, leaves]) queue.startListenerSession({ id, sermonId: sermon.id, userId: null, language: 'es', startedAt, status: 'active' });
    await queue.flush();

    queue.setListenerLanguage(stays, 'id');
    queue.endListenerSession(leaves, new Date(startedAt.getTime() + 90_000));
    queue.startListenerSession({ id: brief, sermonId: sermon.id, userId: null, language: 'zh', startedAt, status: 'active' });
    queue.endListenerSession(brief, new Date(startedAt.getTime() + 4_000));
    // Ending an unknown session is harmless, and a second end does not move the first.
    queue.endListenerSession(randomUUID(), new Date());
    await queue.flush();
    queue.endListenerSession(leaves, new Date(startedAt.getTime() + 600_000));
    await queue.flush();

    const byId = new Map((await sessionsOf(sermon.id)).map((r) => [r.id, r]));
    expect(byId.size).toBe(3);
    expect(byId.get(stays)).toMatchObject({ language: 'id', status: 'active', endedAt: null });
    expect(byId.get(leaves)).toMatchObject({ language: 'es', status: 'inactive', durationSeconds: 90 });
    expect(byId.get(brief)).toMatchObject({ language: 'zh', status: 'inactive', durationSeconds: 4 });
    expect(byId.get(brief)!.endedAt!.getTime()).toBe(startedAt.getTime() + 4_000);
  });

  it('stores the same session once when it is queued again after being stored: continued, active again', async () => {
    const { sermon } = await liveSermon();
    const queue = new WriteQueue(t.ctx.db, t.ctx.log);
    const id = randomUUID();
    const row = { id, sermonId: sermon.id, userId: null, language: 'es', startedAt: new Date(), status: 'active' as const };
    queue.startListenerSession(row);
    await queue.flush();
    queue.endListenerSession(id, new Date());
    await queue.flush();
    // The phone came back on another connection (decision 044), now in Portuguese.
    queue.startListenerSession({ ...row, language: 'pt', startedAt: new Date() }, true);
    await queue.flush();
    const rows = await sessionsOf(sermon.id);
    expect(rows.map((r) => [r.language, r.status, r.endedAt])).toEqual([['pt', 'active', null]]);
    expect(rows[0]!.startedAt.getTime()).toBe(row.startedAt.getTime());
  });

  it('never continues another sermon’s session named by a phone', async () => {
    const { sermon } = await liveSermon();
    const { sermon: other } = await liveSermon();
    const queue = new WriteQueue(t.ctx.db, t.ctx.log);
    const id = randomUUID();
    queue.startListenerSession({ id, sermonId: sermon.id, userId: null, language: 'es', startedAt: new Date(), status: 'active' });
    await queue.flush();
    queue.startListenerSession({ id, sermonId: other.id, userId: null, language: 'pt', startedAt: new Date(), status: 'active' }, true);
    await queue.flush();
    expect((await sessionsOf(sermon.id)).map((r) => r.language)).toEqual(['es']);
    expect(await sessionsOf(other.id)).toEqual([]);
  });

  it('keeps what the database could not take while it restarts, and stores it in order once it is back', async () => {
    const { sermon } = await liveSermon();
    const { seq } = await storeSegment(t.ctx.db, { id: randomUUID(), sermonId: sermon.id, sourceLanguage: 'en', text: 'Grace.', clientId: 'restart-line', createdAt: new Date() });
    const segmentId = (await t.ctx.db.query.transcriptSegments.findFirst({ where: (ts, { and: both, eq: is }) => both(is(ts.sermonId, sermon.id), is(ts.seq, seq)) }))!.id;
    // A database that refuses every statement as PostgreSQL does while it restarts.
    let away = true;
    const restarting = new Proxy(t.ctx.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (away && (key === 'insert' || key === 'execute')) return () => { throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }); };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const queue = new WriteQueue(restarting, t.ctx.log, 20);
    const id = randomUUID();
    queue.addTranslation({ segmentId, language: 'pt', text: 'Graça.', provider: 'demo' });
    queue.startListenerSession({ id, sermonId: sermon.id, userId: null, language: 'pt', startedAt: new Date(), status: 'active' });
    await queue.flush();
    queue.endListenerSession(id, new Date());
    await new Promise((r) => setTimeout(r, 400));
    expect(await sessionsOf(sermon.id)).toEqual([]);
    away = false;
    await expect.poll(async () => (await sessionsOf(sermon.id)).map((r) => r.status), { timeout: 10_000 }).toEqual(['inactive']);
    const stored = await t.ctx.db.select().from(segmentTranslations).where(eq(segmentTranslations.segmentId, segmentId));
    expect(stored.map((r) => r.text)).toEqual(['Graça.']);
    const [counted] = await t.ctx.db.select({ joined: sermons.listenersJoined }).from(sermons).where(eq(sermons.id, sermon.id));
    expect(counted!.joined).toBe(1);
    await queue.close();
  });
});
