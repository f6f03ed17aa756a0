import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast, buildUser } from '../../../test/helpers/factories';
import { churches, listenerSessions, salvations, scheduledSermons, sermons } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
const now = new Date();
const MIN = 60_000;
const DAY = 86_400_000;
// Perth is UTC+8 all year: the test computes the church's calendar on its own, without the server.
const OFFSET = 8 * 3_600_000;
const perth = new Date(now.getTime() + OFFSET);
const [y, m, d] = [perth.getUTCFullYear(), perth.getUTCMonth(), perth.getUTCDate()];
const dayStart = Date.UTC(y, m, d) - OFFSET;
const bounds = {
  '24h': [now.getTime() - DAY, now.getTime()],
  '30d': [now.getTime() - 30 * DAY, now.getTime()],
  week: [dayStart - ((perth.getUTCDay() + 6) % 7) * DAY, dayStart - ((perth.getUTCDay() + 6) % 7) * DAY + 7 * DAY],
  month: [Date.UTC(y, m, 1) - OFFSET, Date.UTC(y, m + 1, 1) - OFFSET],
  year: [Date.UTC(y, 0, 1) - OFFSET, Date.UTC(y + 1, 0, 1) - OFFSET],
  custom: [dayStart, dayStart + DAY],
} as const;
type RangeName = keyof typeof bounds;

// Moments on both sides of every boundary, plus one an hour ago.
const moments = [...new Set(Object.values(bounds).flatMap(([from]) => [from - MIN, from + MIN]).concat(now.getTime() - 3_600_000))].map((ms) => new Date(ms));
const listenerPlan: Array<{ sermonStart: Date; listeners: Array<{ lang: string; seconds: number; guest?: boolean }> }> = [];
let endedSermonId = '';
let liveSermonId = '';

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  const db = t.ctx.db;
  await db.update(churches).set({ timeZone: 'Australia/Perth' }).where(eq(churches.id, cast.church.id));
  for (const [i, at] of moments.entries()) {
    await buildUser(db, 'member', { churchId: cast.church.id, createdAt: at });
    await buildUser(db, 'member', { churchId: cast.otherChurch.id, createdAt: at });
    const [s] = await db.insert(sermons).values({
      broadcastId: `b-${i}-${Math.random().toString(36).slice(2, 8)}`, churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en',
      status: 'ended', startedAt: at, endedAt: new Date(at.getTime() + 30 * MIN), durationSeconds: 1800, chargedSeconds: 1800,
    }).returning();
    const listeners = [{ lang: 'pt', seconds: 600 + i * 60 }, { lang: 'en', seconds: 1200 }, { lang: 'pt', seconds: 300, guest: true }].slice(0, 1 + (i % 3));
    for (const l of listeners) {
      await db.insert(listenerSessions).values({
        sermonId: s!.id, userId: l.guest ? null : cast.member.user.id, language: l.lang, startedAt: at,
        endedAt: new Date(at.getTime() + l.seconds * 1000), durationSeconds: l.seconds, status: 'inactive',
      });
    }
    listenerPlan.push({ sermonStart: at, listeners });
    await db.insert(salvations).values({ churchId: cast.church.id, sermonId: s!.id, language: 'pt', consentedAt: at, createdAt: at });
    if (listeners.some((l) => l.guest)) endedSermonId = s!.id;
  }
  // A live sermon with a listener still listening: counted from raw sessions, not the rollup.
  const [live] = await db.insert(sermons).values({ broadcastId: 'live-now-1', churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', status: 'live', startedAt: new Date(now.getTime() - 10 * MIN) }).returning();
  liveSermonId = live!.id;
  await db.insert(listenerSessions).values({ sermonId: live!.id, userId: cast.member.user.id, language: 'id', startedAt: new Date(now.getTime() - 5 * MIN), status: 'active' });
  listenerPlan.push({ sermonStart: new Date(now.getTime() - 10 * MIN), listeners: [{ lang: 'id', seconds: 300 }] });
});
afterAll(async () => { await t.close(); });

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const summaryUrl = (range: RangeName, churchId = cast.church.id) => {
  const date = new Date(dayStart + OFFSET).toISOString().slice(0, 10);
  return `/api/v1/analytics/summary?churchId=${churchId}&range=${range}${range === 'custom' ? `&from=${date}&to=${date}` : ''}`;
};

describe('GET /analytics/summary', () => {
  for (const range of Object.keys(bounds) as RangeName[]) {
    it(`counts exactly the raw rows of "${range}" in the church’s time zone`, async () => {
      const [from, to] = bounds[range];
      const inRange = (at: Date) => at.getTime() >= from && at.getTime() < to;
      const res = await get(summaryUrl(range), cast.churchAdmin.cookie);
      expect(res.statusCode).toBe(200);
      const s = res.json();
      if (range !== '24h' && range !== '30d') expect(new Date(s.from).getTime()).toBe(from);
      expect(s.timeZone).toBe('Australia/Perth');
      const sessions = listenerPlan.filter((p) => inRange(p.sermonStart)).flatMap((p) => p.listeners);
      expect(s).toMatchObject({
        members: moments.length + 1,
        // The cast's own member joined just now.
        newMembers: moments.filter(inRange).length + 1,
        sermons: listenerPlan.filter((p) => inRange(p.sermonStart)).length,
        liveNow: 1,
        listeners: sessions.length,
        salvations: moments.filter(inRange).length,
      });
      const approxMinutes = sessions.reduce((a, l) => a + l.seconds, 0) / 60;
      expect(Math.abs(s.listenerMinutes - approxMinutes)).toBeLessThanOrEqual(1);
      expect(s.series.reduce((a: number, p: { listeners: number }) => a + p.listeners, 0)).toBe(sessions.length);
      expect(s.series.reduce((a: number, p: { salvations: number }) => a + p.salvations, 0)).toBe(s.salvations);
    });
  }

  it('lets staff read their church, answers 404 for another church and 403 to members', async () => {
    expect((await get(summaryUrl('week'), cast.staff.cookie)).statusCode).toBe(200);
    expect((await get(summaryUrl('week', cast.otherChurch.id), cast.staff.cookie)).statusCode).toBe(404);
    expect((await get(summaryUrl('week', cast.otherChurch.id), cast.churchAdmin.cookie)).statusCode).toBe(404);
    expect((await get(summaryUrl('week'), cast.member.cookie)).statusCode).toBe(403);
    expect((await get(summaryUrl('week'))).statusCode).toBe(401);
    const all = await get('/api/v1/analytics/summary?range=year', cast.platformAdmin.cookie);
    expect(all.json().churchId).toBeNull();
    expect(all.json().members).toBe(2 * (moments.length + 1));
  });
});

describe('analytics lists and the sermon detail', () => {
  it('lists ended sermons with their listener counts, and a sermon’s listeners with guests anonymous', async () => {
    const ended = await get(`/api/v1/analytics/sermons?status=ended&pageSize=100`, cast.churchAdmin.cookie);
    expect(ended.json().total).toBe(moments.length);
    const row = ended.json().items.find((s: { id: string }) => s.id === endedSermonId);
    expect(row.listeners).toBe(3);
    const listeners = await get(`/api/v1/analytics/listeners?sermonId=${endedSermonId}&sort=name`, cast.staff.cookie);
    expect(listeners.json().items).toHaveLength(3);
    expect(listeners.json().items.filter((l: { isGuest: boolean; name: string | null; email: string | null }) => l.isGuest && l.name === null && l.email === null)).toHaveLength(1);
    expect((await get(`/api/v1/analytics/listeners?sermonId=${endedSermonId}`, cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await get(`/api/v1/analytics/listeners?sermonId=${endedSermonId}`, cast.member.cookie)).statusCode).toBe(403);
    const detail = await get(`/api/v1/analytics/sermons/${endedSermonId}`, cast.churchAdmin.cookie);
    expect(detail.json()).toMatchObject({ minutesCharged: 30, listeners: 3, salvations: 1, transcriptLanguages: ['en', 'pt'] });
    const live = await get('/api/v1/analytics/sermons?status=live', cast.churchAdmin.cookie);
    expect(live.json().items[0].listenersByLanguage).toEqual([{ language: 'id', listeners: 1, minutes: 5 }]);
  });

  it('lists salvations and new users for the church’s admins and staff, as CSV too, never for members', async () => {
    const [from, to] = bounds.month;
    const range = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    const saved = await get(`/api/v1/analytics/salvations?${range}`, cast.staff.cookie);
    expect(saved.json().total).toBe(moments.filter((at) => at.getTime() >= from && at.getTime() < to).length);
    expect(saved.json().items[0]).toMatchObject({ name: null, isGuest: true, language: 'pt' });
    const byName = (await get('/api/v1/analytics/salvations?sort=name&pageSize=100', cast.churchAdmin.cookie)).json();
    const everyOne = (await get('/api/v1/analytics/salvations?pageSize=100', cast.churchAdmin.cookie)).json();
    expect(byName.items.map((i: { id: string }) => i.id).sort()).toEqual(everyOne.items.map((i: { id: string }) => i.id).sort());
    const names = byName.items.map((i: { name: string | null }) => i.name ?? '\uffff');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect((await get('/api/v1/analytics/salvations', cast.member.cookie)).statusCode).toBe(403);
    expect((await get(`/api/v1/analytics/salvations?churchId=${cast.otherChurch.id}`, cast.staff.cookie)).statusCode).toBe(404);
    const users = await get(`/api/v1/analytics/new-users?${range}`, cast.churchAdmin.cookie);
    expect(users.json().total).toBe(moments.filter((at) => at.getTime() >= from && at.getTime() < to).length + 1);
    const csv = await get('/api/v1/analytics/new-users/export.csv', cast.platformAdmin.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 2 * (moments.length + 1));
  });

  it('gives a member their own dashboard: live sermons of their church, recent listening', async () => {
    const mine = await get('/api/v1/analytics/my-dashboard', cast.member.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().todaySermons.map((s: { status: string }) => s.status)).toEqual(['live']);
    expect(mine.json().recentListening.length).toBeGreaterThan(0);
    const staff = await get('/api/v1/analytics/my-dashboard', cast.staff.cookie);
    expect(staff.json().mySermons).toHaveLength(5);
  });

  it('names a sermon by the title of the service it went live for, beside its preacher, wherever sermons are listed', async () => {
    const [service] = await t.ctx.db.insert(scheduledSermons).values({ churchId: cast.church.id, title: 'Culto de domingo', startsAt: new Date(now.getTime() - 15 * MIN), sourceLanguage: 'en' }).returning();
    await t.ctx.db.update(sermons).set({ scheduledSermonId: service!.id }).where(eq(sermons.id, liveSermonId));
    await t.ctx.db.insert(salvations).values({ churchId: cast.church.id, sermonId: liveSermonId, language: 'pt', consentedAt: now, createdAt: now });
    const named = { title: 'Culto de domingo', hostName: expect.stringContaining(cast.staff.user.firstName) };
    expect((await get('/api/v1/analytics/sermons?status=live', cast.churchAdmin.cookie)).json().items[0]).toMatchObject({ id: liveSermonId, ...named });
    expect((await get(`/api/v1/analytics/sermons/${liveSermonId}`, cast.churchAdmin.cookie)).json()).toMatchObject(named);
    expect((await get(`/api/v1/sermons/${liveSermonId}`, cast.staff.cookie)).json()).toMatchObject(named);
    expect((await get('/api/v1/analytics/my-dashboard', cast.staff.cookie)).json().mySermons[0]).toMatchObject({ id: liveSermonId, ...named });
    const decision = (await get('/api/v1/analytics/salvations?pageSize=100', cast.churchAdmin.cookie)).json().items.find((i: { sermonId: string }) => i.sermonId === liveSermonId);
    expect(decision).toMatchObject({ sermonTitle: 'Culto de domingo', sermonHostName: named.hostName });
    // Searching finds it by its service's title as by its preacher.
    const found = (q: string) => get(`/api/v1/analytics/sermons?status=live&q=${encodeURIComponent(q)}`, cast.churchAdmin.cookie);
    expect((await found('domingo')).json()).toMatchObject({ total: 1, items: [{ id: liveSermonId }] });
    expect((await found(cast.staff.user.firstName)).json().total).toBe(1);
    expect((await found('vespers')).json().total).toBe(0);
    // A sermon that was not scheduled has no title: its preacher names it.
    expect((await get(`/api/v1/analytics/sermons/${endedSermonId}`, cast.churchAdmin.cookie)).json().title).toBeNull();
  });
});
