import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { followUps, salvations, sermons, staffDetails, users } from '../../db/schema';
import { outboxFor } from '../auth/test-outbox';
import { forgetPersonSalvations } from './service';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let sermonId: string;
let portugueseStaff: { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  const db = t.ctx.db;
  // The cast's staff member speaks English only; this one speaks Portuguese and reads mail in Indonesian.
  await db.insert(staffDetails).values({ userId: cast.staff.user.id, languagesSpoken: 'English' });
  const pt = await buildUser(db, 'staff', { churchId: cast.church.id, firstName: 'Rina', primaryLanguage: 'indonesian' });
  await db.insert(staffDetails).values({ userId: pt.id, languagesSpoken: 'Indonesian, Português' });
  portugueseStaff = { id: pt.id, email: pt.email, cookie: await sessionCookie(db, pt.id) };
  const [s] = await db.insert(sermons).values({ broadcastId: 'live-abc-123', churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', status: 'live' }).returning();
  sermonId = s!.id;
});
afterAll(async () => { await t.close(); });

const post = (body: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/salvations', payload: body, headers: cookie ? { cookie } : {} });
const count = async () => Number((await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from salvations`)).rows[0]!.n);

describe('POST /salvations — the salvation moment', () => {
  it('refuses a decision without consent and keeps nothing', async () => {
    for (const body of [{ sermonId, language: 'pt' }, { sermonId, language: 'pt', consent: false }]) {
      const res = await post(body, cast.member.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('consent');
    }
    expect(await post({ sermonId, language: 'pt', consent: 'yes', firstName: 'Ana' })).toMatchObject({ statusCode: 400 });
    expect(await count()).toBe(0);
    const [member] = await t.ctx.db.select().from(users).where(eq(users.id, cast.member.user.id));
    expect(member!.acceptedJesus).toBe(false);
  });

  it('records a member’s decision, sets accepted-Jesus-and-when, and assigns a Portuguese-speaking staff member mailed in Indonesian', async () => {
    const res = await post({ sermonId, language: 'pt', consent: true }, cast.member.cookie);
    expect(res.statusCode).toBe(201);
    const [member] = await t.ctx.db.select().from(users).where(eq(users.id, cast.member.user.id));
    expect(member!.acceptedJesus).toBe(true);
    expect(member!.acceptedJesusAt?.toISOString()).toBe(res.json().acceptedJesusAt);
    const [follow] = await t.ctx.db.select().from(followUps).where(eq(followUps.salvationId, res.json().id));
    expect(follow).toMatchObject({ assignedToId: portugueseStaff.id, status: 'new' });
    const [mail] = await outboxFor(t.config.DATA_DIR, portugueseStaff.email);
    expect(mail!.subject).toContain('Keputusan menerima Yesus');
    // Asking again keeps the one decision.
    const again = await post({ sermonId, language: 'pt', consent: true }, cast.member.cookie);
    expect(again.json().id).toBe(res.json().id);
  });

  it('lets an anonymous guest of a live sermon decide, counted only, and refuses a guest without a sermon', async () => {
    expect((await post({ language: 'es', consent: true })).statusCode).toBe(400);
    const res = await post({ sermonId, language: 'es', consent: true });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(salvations).where(eq(salvations.id, res.json().id));
    expect(row).toMatchObject({ userId: null, firstName: null, contact: null, churchId: cast.church.id });
    const named = await post({ sermonId, language: 'es', consent: true, firstName: 'Lucía', contact: '0400111222' });
    const [kept] = await t.ctx.db.select().from(salvations).where(eq(salvations.id, named.json().id));
    expect(kept).toMatchObject({ firstName: 'Lucía', contact: '0400111222' });
  });

  it('shows the speaker the count of decisions in the sermon, without names, and hides it from another church', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sermons/${sermonId}/decisions`, headers: { cookie: cast.staff.cookie } });
    expect(res.json()).toEqual({ sermonId, decisions: 3 });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sermons/${sermonId}/decisions`, headers: { cookie: cast.otherStaff.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sermons/${sermonId}/decisions`, headers: { cookie: cast.member.cookie } })).statusCode).toBe(403);
  });
});

describe('follow-ups', () => {
  const list = (cookie: string, qs = '') => t.app.inject({ method: 'GET', url: `/api/v1/follow-ups${qs}`, headers: { cookie } });

  it('shows staff only the follow-ups assigned to them, admins their church’s, and members nothing', async () => {
    const mine = await list(portugueseStaff.cookie);
    expect(mine.json().items.every((f: { assignedToId: string }) => f.assignedToId === portugueseStaff.id)).toBe(true);
    expect(mine.json().total).toBeGreaterThanOrEqual(1);
    expect((await list(cast.churchAdmin.cookie)).json().total).toBe(3);
    expect((await list(cast.otherAdmin.cookie)).json().total).toBe(0);
    expect((await list(cast.otherStaff.cookie)).json().total).toBe(0);
    expect((await list(cast.platformAdmin.cookie)).json().total).toBe(3);
    expect((await list(cast.member.cookie)).statusCode).toBe(403);
    expect((await list(cast.churchAdmin.cookie, `?churchId=${cast.otherChurch.id}`)).statusCode).toBe(404);
  });

  it('opens one follow-up for whoever may work on it, and answers 404 to an unassigned staff member or another church', async () => {
    const [f] = (await list(portugueseStaff.cookie)).json().items;
    const one = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/v1/follow-ups/${f.id}`, headers: { cookie } });
    expect((await one(portugueseStaff.cookie)).json()).toMatchObject({ id: f.id, status: f.status, assignedToId: portugueseStaff.id });
    expect((await one(cast.churchAdmin.cookie)).json().id).toBe(f.id);
    expect((await one(cast.staff.cookie)).statusCode).toBe(404);
    expect((await one(cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await one(cast.member.cookie)).statusCode).toBe(403);
  });

  it('moves a follow-up forward with notes, never back, and answers 404 to an unassigned staff member or another church', async () => {
    const [f] = (await list(portugueseStaff.cookie)).json().items;
    const patch = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/v1/follow-ups/${f.id}`, headers: { cookie }, payload });
    const contacted = await patch(portugueseStaff.cookie, { status: 'contacted', notes: 'Called on Tuesday' });
    expect(contacted.json()).toMatchObject({ status: 'contacted', notes: 'Called on Tuesday' });
    expect((await patch(portugueseStaff.cookie, { status: 'new' })).statusCode).toBe(400);
    expect((await patch(cast.staff.cookie, { status: 'connected' })).statusCode).toBe(404);
    expect((await patch(cast.otherAdmin.cookie, { status: 'connected' })).statusCode).toBe(404);
    expect((await patch(cast.churchAdmin.cookie, { status: 'closed' })).json().status).toBe('closed');
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/follow-ups/export.csv', headers: { cookie: cast.churchAdmin.cookie } });
    expect(csv.body).toContain('Called on Tuesday');
  });

  it('forgets a person: identity, contact and notes go, the anonymous count stays', async () => {
    const [theirs] = await t.ctx.db.select().from(salvations).where(eq(salvations.userId, cast.member.user.id));
    await t.ctx.db.update(followUps).set({ notes: 'Prefers a call after work' }).where(eq(followUps.salvationId, theirs!.id));
    await t.ctx.db.transaction((tx) => forgetPersonSalvations(tx, cast.member.user.id));
    expect(await count()).toBe(3);
    const [kept] = await t.ctx.db.select().from(salvations).where(eq(salvations.id, theirs!.id));
    expect(kept).toMatchObject({ userId: null, firstName: null, contact: null, language: 'pt' });
    const [follow] = await t.ctx.db.select().from(followUps).where(eq(followUps.salvationId, theirs!.id));
    expect(follow!.notes).toBe('');
  });

  it('lets a person withdraw their decision from their profile', async () => {
    const other = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    const cookie = await sessionCookie(t.ctx.db, other.id);
    await post({ language: 'en', consent: true }, cookie);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/salvations/mine', headers: { cookie } })).statusCode).toBe(204);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(u).toMatchObject({ acceptedJesus: false, acceptedJesusAt: null });
    expect(await t.ctx.db.select().from(salvations).where(eq(salvations.userId, other.id))).toHaveLength(0);
  });
});

