import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { multipart, solidImage, storedImageNames } from '../../../test/helpers/uploads';
import { auditLog, churches, events } from '../../db/schema';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  await t.ctx.db.update(churches).set({ timeZone: 'Australia/Perth' }).where(eq(churches.id, cast.church.id));
});
afterAll(async () => { await t.close(); });

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const nextYear = new Date().getUTCFullYear() + 1;
// 19:00 in Perth (UTC+8, no daylight saving) is 11:00 UTC.
const perthEvening = `${nextYear}-03-14T19:00:00+08:00`;

const eventBody = (over: Record<string, unknown> = {}) => ({
  name: 'Harvest Picnic', description: 'Bring a plate to share.', startsAt: perthEvening, location: 'Kings Park', churchId: cast.church.id, isPublic: true, ...over,
});

async function createAs(cookie: string, over: Record<string, unknown> = {}) {
  const res = await inject('POST', '/events', cookie, eventBody(over));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; churchId: string; images: Array<{ id: string; isCover: boolean; url: string }> };
}

async function addImage(id: string, cookie: string, bytes: Buffer, filename = 'a.png', type = 'image/png') {
  const { payload, contentType } = await multipart(bytes, filename, type);
  return t.app.inject({ method: 'POST', url: `/api/v1/events/${id}/images`, headers: { cookie, 'content-type': contentType }, payload });
}

describe('POST /events', () => {
  it('answers 400 per field for a missing name, description, date and church', async () => {
    const res = await inject('POST', '/events', cast.churchAdmin.cookie, { startsAt: 'next tuesday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['churchId', 'description', 'name', 'startsAt']);
    const backwards = await inject('POST', '/events', cast.churchAdmin.cookie, eventBody({ endsAt: `${nextYear}-03-14T18:00:00+08:00` }));
    expect(backwards.json().errors).toMatchObject([{ field: 'endsAt', key: 'validation.endBeforeStart' }]);
  });

  it('stores 19:00 Perth as 11:00 UTC and shows it with the church time zone, audited', async () => {
    const event = await createAs(cast.staff.cookie);
    expect(event).toMatchObject({ startsAt: `${nextYear}-03-14T11:00:00.000Z`, timeZone: 'Australia/Perth', status: 'active', churchName: cast.church.name });
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, 'event.created')));
    expect(audit).toHaveLength(1);
  });

  it("lets admins and staff create for their own church only (another church's: 404); members may not", async () => {
    await createAs(cast.churchAdmin.cookie);
    for (const who of [cast.churchAdmin, cast.staff]) {
      expect((await inject('POST', '/events', who.cookie, eventBody({ churchId: cast.otherChurch.id }))).statusCode).toBe(404);
    }
    expect((await inject('POST', '/events', cast.member.cookie, eventBody())).statusCode).toBe(403);
    const platform = await createAs(cast.platformAdmin.cookie, { churchId: cast.otherChurch.id });
    expect(platform.churchId).toBe(cast.otherChurch.id);
  });
});

describe('GET /events', () => {
  it('lists an event whose end has passed as expired, and splits the Upcoming and Past tabs', async () => {
    const past = await createAs(cast.churchAdmin.cookie, { name: 'Easter Breakfast', startsAt: '2024-03-31T07:00:00+08:00', endsAt: '2024-03-31T09:00:00+08:00' });
    const today = await createAs(cast.churchAdmin.cookie, { name: 'All Day Prayer', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: null });
    const upcoming = await inject('GET', '/events?status=active&pageSize=100', cast.member.cookie);
    const expired = await inject('GET', '/events?status=expired&pageSize=100', cast.member.cookie);
    const ids = (res: typeof upcoming) => res.json().items.map((e: { id: string }) => e.id);
    expect(ids(expired)).toContain(past.id);
    expect(ids(upcoming)).not.toContain(past.id);
    // No end: active until its day ends in Perth.
    expect(ids(upcoming)).toContain(today.id);
    expect(expired.json().items.find((e: { id: string }) => e.id === past.id).status).toBe('expired');
  });

  it("shows each church's people only their own church's events; platform admins filter by church", async () => {
    const mine = await inject('GET', '/events?pageSize=100', cast.member.cookie);
    expect(mine.json().items.every((e: { churchId: string }) => e.churchId === cast.church.id)).toBe(true);
    const theirs = await inject('GET', `/events?churchId=${cast.otherChurch.id}`, cast.churchAdmin.cookie);
    expect(theirs.json().total).toBe(0);
    const platform = await inject('GET', `/events?churchId=${cast.otherChurch.id}`, cast.platformAdmin.cookie);
    expect(platform.json().total).toBe(1);
  });
});

describe('GET, PATCH, DELETE /events/:id', () => {
  it("answers 404 for another church's event to every role of that other church", async () => {
    const event = await createAs(cast.staff.cookie);
    for (const who of [cast.otherAdmin, cast.otherStaff, cast.otherMember]) {
      expect((await inject('GET', `/events/${event.id}`, who.cookie)).statusCode).toBe(404);
      expect((await inject('GET', `/events/${event.id}/calendar.ics`, who.cookie)).statusCode).toBe(404);
    }
    for (const who of [cast.otherAdmin, cast.otherStaff]) {
      expect((await inject('PATCH', `/events/${event.id}`, who.cookie, { name: 'Taken over' })).statusCode).toBe(404);
      expect((await inject('DELETE', `/events/${event.id}`, who.cookie)).statusCode).toBe(404);
    }
    expect((await inject('PATCH', `/events/${event.id}`, cast.member.cookie, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await inject('GET', `/events/${event.id}`, cast.member.cookie)).statusCode).toBe(200);
  });

  it('edits only what is sent, audited; nothing changed is 400', async () => {
    const event = await createAs(cast.churchAdmin.cookie);
    const res = await inject('PATCH', `/events/${event.id}`, cast.staff.cookie, { name: 'Harvest Festival', endsAt: `${nextYear}-03-14T21:30:00+08:00` });
    expect(res.json()).toMatchObject({ name: 'Harvest Festival', endsAt: `${nextYear}-03-14T13:30:00.000Z`, description: 'Bring a plate to share.' });
    expect((await inject('PATCH', `/events/${event.id}`, cast.staff.cookie, { name: 'Harvest Festival' })).json().code).toBe('no_changes');
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, 'event.updated')));
    expect(audit[0]?.details).toEqual({ changed: ['name', 'endsAt'] });
  });

  it('keeps up to 10 images with a cover, and deleting the event deletes their files', async () => {
    const event = await createAs(cast.churchAdmin.cookie);
    const first = await addImage(event.id, cast.staff.cookie, await solidImage('png'));
    expect(first.statusCode).toBe(201);
    const second = await addImage(event.id, cast.staff.cookie, await solidImage('gif'), 'b.gif', 'image/gif');
    const images = second.json().images as Array<{ id: string; isCover: boolean; url: string }>;
    expect(images.map((i) => i.isCover)).toEqual([true, false]);
    const recovered = await inject('PATCH', `/events/${event.id}`, cast.staff.cookie, { coverImageId: images[1]!.id });
    expect(recovered.json().images.map((i: { isCover: boolean }) => i.isCover)).toEqual([false, true]);
    expect(recovered.json().coverImageUrl).toBe(images[1]!.url);
    const text = await addImage(event.id, cast.staff.cookie, Buffer.from('hello'), 'x.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe('Only JPEG, PNG or GIF images are allowed');

    for (let i = 2; i < 10; i++) expect((await addImage(event.id, cast.staff.cookie, await solidImage('jpeg'), 'c.jpg', 'image/jpeg')).statusCode).toBe(201);
    const eleventh = await addImage(event.id, cast.staff.cookie, await solidImage('jpeg'), 'c.jpg', 'image/jpeg');
    expect(eleventh.statusCode).toBe(409);

    const removed = await inject('DELETE', `/events/${event.id}/images/${images[1]!.id}`, cast.staff.cookie);
    expect(removed.json().images).toHaveLength(9);
    expect(removed.json().images[0].isCover).toBe(true);
    expect((await inject('DELETE', `/events/${event.id}/images/${images[1]!.id}`, cast.staff.cookie)).json().detail).toBe('Image not found in database');

    const files = (removed.json().images as Array<{ url: string }>).map((i) => i.url.split('/').pop());
    expect((await inject('DELETE', `/events/${event.id}`, cast.churchAdmin.cookie)).statusCode).toBe(204);
    const left = await storedImageNames(t.ctx.db);
    expect(left.filter((f) => files.includes(f))).toEqual([]);
    expect(await t.ctx.db.select().from(events).where(eq(events.id, event.id))).toHaveLength(0);
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, 'event.deleted')));
    expect(audit).toHaveLength(1);
  });

  it("refuses images on another church's event (404) and from members (403)", async () => {
    const event = await createAs(cast.churchAdmin.cookie);
    expect((await addImage(event.id, cast.otherStaff.cookie, await solidImage('png'))).statusCode).toBe(404);
    expect((await addImage(event.id, cast.member.cookie, await solidImage('png'))).statusCode).toBe(403);
  });
});

describe('GET /events/:id/calendar.ics', () => {
  it('is a calendar file with the Perth evening at 11:00 UTC and 19:00 Australia/Perth in its text', async () => {
    const event = await createAs(cast.churchAdmin.cookie, { name: 'Carols by Candlelight', endsAt: `${nextYear}-03-14T21:00:00+08:00` });
    const res = await inject('GET', `/events/${event.id}/calendar.ics`, cast.member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toBe('attachment; filename="carols-by-candlelight.ics"');
    expect(res.body).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT/);
    expect(res.body).toContain(`DTSTART:${nextYear}0314T110000Z`);
    expect(res.body).toContain(`DTEND:${nextYear}0314T130000Z`);
    expect(res.body.replace(/\r\n /g, '')).toMatch(/DESCRIPTION:.*19:00 \(Australia\/Perth\)/);
    expect(res.body).toContain('SUMMARY:Carols by Candlelight');
  });
});

describe('GET /churches/:id/events/public', () => {
  it('answers without a session with upcoming public events and only public fields', async () => {
    const open = await createAs(cast.churchAdmin.cookie, { name: 'Open Day', isPublic: true });
    const privateOne = await createAs(cast.churchAdmin.cookie, { name: 'Leaders Meeting', isPublic: false });
    await addImage(open.id, cast.churchAdmin.cookie, await solidImage('png'));
    const res = await inject('GET', `/churches/${cast.church.id}/events/public`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.events.map((e: { id: string }) => e.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(privateOne.id);
    expect(body.church).toMatchObject({ id: cast.church.id, timeZone: 'Australia/Perth' });
    const shown = body.events.find((e: { id: string }) => e.id === open.id);
    expect(Object.keys(shown).sort()).toEqual(['coverImageUrl', 'description', 'endsAt', 'id', 'imageUrls', 'location', 'name', 'startsAt']);
    expect(JSON.stringify(body)).not.toMatch(/@|createdBy|churchId|contactNumber|pastor/i);
    expect(shown.imageUrls).toHaveLength(1);
    expect((await inject('GET', '/churches/00000000-0000-4000-8000-000000000000/events/public')).statusCode).toBe(404);
  });
});
