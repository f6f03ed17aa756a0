import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { auditLog, sermons } from '../../db/schema';
import { addChurchLanguages } from '../../../test/helpers/live-kit';

const s = useCastApp();
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const body = (over: Record<string, unknown> = {}) => ({
  churchId: s.cast.church.id, title: 'Sunday Worship', startsAt: inAWeek(), sourceLanguage: 'en', ...over,
});

beforeAll(async () => {
  await addChurchLanguages(s.t.ctx.db, s.cast.church.id);
  await addChurchLanguages(s.t.ctx.db, s.cast.otherChurch.id);
});

async function create(cookie = s.cast.staff.cookie, over: Record<string, unknown> = {}) {
  const res = await s.call('POST', '/scheduled-sermons', cookie, body(over));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; churchId: string; title: string; startsAt: string; speakerName: string | null };
}

describe('POST /scheduled-sermons', () => {
  it('answers field errors for an empty title, a start in the past, a bad date and an unknown language', async () => {
    const empty = await s.call('POST', '/scheduled-sermons', s.cast.staff.cookie, body({ title: ' ', startsAt: 'next sunday' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['startsAt', 'title']);
    const past = await s.call('POST', '/scheduled-sermons', s.cast.staff.cookie, body({ startsAt: '2020-01-05T09:00:00+11:00', sourceLanguage: 'xx' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'startsAt', key: 'validation.startsInPast' }),
      expect.objectContaining({ field: 'sourceLanguage', key: 'validation.invalidChoice' }),
    ]));
  });

  it('lets staff and church admins schedule for their church, with a speaker of it, audited', async () => {
    const made = await create(s.cast.churchAdmin.cookie, { speakerId: s.cast.staff.user.id });
    expect(made).toMatchObject({ churchId: s.cast.church.id, title: 'Sunday Worship', speakerName: expect.any(String) });
    const audit = await s.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, made.id), eq(auditLog.action, 'scheduled_sermon.created')));
    expect(audit).toHaveLength(1);
    const otherSpeaker = await s.call('POST', '/scheduled-sermons', s.cast.staff.cookie, body({ speakerId: s.cast.otherStaff.user.id }));
    expect(otherSpeaker.json().errors).toMatchObject([{ field: 'speakerId' }]);
  });

  it("answers 404 for another church's id, 403 for members and 401 for guests; platform admins any church", async () => {
    for (const who of [s.cast.churchAdmin, s.cast.staff]) {
      expect((await s.call('POST', '/scheduled-sermons', who.cookie, body({ churchId: s.cast.otherChurch.id }))).statusCode).toBe(404);
    }
    expect((await s.call('POST', '/scheduled-sermons', s.cast.member.cookie, body())).statusCode).toBe(403);
    expect((await s.call('POST', '/scheduled-sermons', '', body())).statusCode).toBe(401);
    await create(s.cast.platformAdmin.cookie, { churchId: s.cast.otherChurch.id });
  });
});

describe('GET /scheduled-sermons', () => {
  it("lists the church's own services soonest first, filtered by from/to; members read them too", async () => {
    const later = await create(s.cast.staff.cookie, { title: 'Evening Prayer', startsAt: new Date(Date.now() + 9 * 86_400_000).toISOString() });
    const from = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const res = await s.call('GET', `/scheduled-sermons?from=${encodeURIComponent(from)}`, s.cast.member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([later.id]);
    const all = (await s.call('GET', '/scheduled-sermons', s.cast.churchAdmin.cookie)).json() as { items: Array<{ churchId: string; startsAt: string }> };
    expect(all.items.every((i) => i.churchId === s.cast.church.id)).toBe(true);
    expect(all.items.map((i) => i.startsAt)).toEqual([...all.items.map((i) => i.startsAt)].sort());
    expect((await s.call('GET', `/scheduled-sermons?churchId=${s.cast.otherChurch.id}`, s.cast.churchAdmin.cookie)).json().total).toBe(0);
    expect((await s.call('GET', '/scheduled-sermons?from=yesterday', s.cast.churchAdmin.cookie)).statusCode).toBe(400);
    expect((await s.call('GET', '/scheduled-sermons', '')).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /scheduled-sermons/:id', () => {
  it("changes only sent fields; refuses a past start; another church's service answers 404", async () => {
    const made = await create();
    const res = await s.call('PATCH', `/scheduled-sermons/${made.id}`, s.cast.staff.cookie, { title: 'Easter Sunday' });
    expect(res.json()).toMatchObject({ title: 'Easter Sunday', startsAt: made.startsAt });
    const past = await s.call('PATCH', `/scheduled-sermons/${made.id}`, s.cast.staff.cookie, { startsAt: '2021-04-04T09:00:00+10:00' });
    expect(past.json().errors).toMatchObject([{ field: 'startsAt', key: 'validation.startsInPast' }]);
    for (const who of [s.cast.otherAdmin, s.cast.otherStaff]) {
      expect((await s.call('PATCH', `/scheduled-sermons/${made.id}`, who.cookie, { title: 'Mine now' })).statusCode).toBe(404);
      expect((await s.call('DELETE', `/scheduled-sermons/${made.id}`, who.cookie)).statusCode).toBe(404);
    }
    expect((await s.call('DELETE', `/scheduled-sermons/${made.id}`, s.cast.member.cookie)).statusCode).toBe(403);
    expect((await s.call('DELETE', `/scheduled-sermons/${made.id}`, s.cast.churchAdmin.cookie)).statusCode).toBe(204);
    expect((await s.call('PATCH', `/scheduled-sermons/${made.id}`, s.cast.staff.cookie, { title: 'Gone' })).statusCode).toBe(404);
  });
});

describe('going live for a scheduled service', () => {
  it("links the sermon to it; another church's service answers 404", async () => {
    const made = await create();
    const other = await create(s.cast.otherAdmin.cookie, { churchId: s.cast.otherChurch.id });
    const refused = await s.call('POST', '/sermons', s.cast.staff.cookie, { churchId: s.cast.church.id, sourceLanguage: 'en', scheduledSermonId: other.id });
    expect(refused.statusCode).toBe(404);
    const live = await s.call('POST', '/sermons', s.cast.staff.cookie, { churchId: s.cast.church.id, sourceLanguage: 'en', scheduledSermonId: made.id });
    expect(live.statusCode).toBe(201);
    const [row] = await s.t.ctx.db.select().from(sermons).where(eq(sermons.id, live.json().id));
    expect(row?.scheduledSermonId).toBe(made.id);
    const listed = (await s.call('GET', '/scheduled-sermons', s.cast.staff.cookie)).json() as { items: Array<{ id: string; sermonId: string | null }> };
    expect(listed.items.find((i) => i.id === made.id)?.sermonId).toBe(live.json().id);
    await s.call('POST', `/sermons/${live.json().id}/end`, s.cast.staff.cookie);
  });
});
