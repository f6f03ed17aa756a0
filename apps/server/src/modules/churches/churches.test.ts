import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildChurch, buildUser } from '../../../test/helpers/factories';
import { useCastApp } from '../../../test/helpers/cast-app';
import { cameraJpeg, multipart, solidImage, storedImageNames } from '../../../test/helpers/uploads';
import { auditLog, churches, sermons } from '../../db/schema';
import { newBroadcastId } from '../../lib/ids';

const app = useCastApp();

const valid = {
  name: 'St. Andrews Community',
  address: '12 Hay Street',
  suburb: 'East Perth',
  state: 'Western Australia',
  country: 'Australia',
  contactNumber: '0892223333',
  pastorName: 'Grace Ng',
  pastorPhone: '0412345678',
  timeZone: 'Australia/Perth',
  weeklyStreamLimitMinutes: 90,
};

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  app.t.app.inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function upload(id: string, cookie: string, bytes: Buffer, filename = 'church.jpg', type = 'image/jpeg') {
  const { payload, contentType } = await multipart(bytes, filename, type);
  return app.t.app.inject({ method: 'PUT', url: `/api/v1/churches/${id}/image`, headers: { cookie, 'content-type': contentType }, payload });
}

const fieldsOf = (res: { json: () => { errors?: Array<{ field: string }> } }) => (res.json().errors ?? []).map((e) => e.field).sort();

describe('POST /churches', () => {
  it('answers 400 on every field when every rule is broken', async () => {
    const res = await inject('POST', '/churches', app.cast.platformAdmin.cookie, {
      name: '.Grace', address: 'ab', suburb: 'P3rth', state: 'W', country: '', contactNumber: '12345',
      pastorName: 'Jo', pastorPhone: '04123456789', timeZone: 'Europe/London', latitude: 95, longitude: 200,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(
      ['address', 'contactNumber', 'country', 'latitude', 'longitude', 'name', 'pastorName', 'pastorPhone', 'state', 'suburb', 'timeZone', 'weeklyStreamLimitMinutes'].sort(),
    );
  });

  it('refuses a name with a trailing dot or other characters, and half a location', async () => {
    for (const name of ['Grace Church.', "St John's", 'Church 7']) {
      const res = await inject('POST', '/churches', app.cast.platformAdmin.cookie, { ...valid, name });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['name']);
    }
    const half = await inject('POST', '/churches', app.cast.platformAdmin.cookie, { ...valid, latitude: -31.95 });
    expect(fieldsOf(half)).toEqual(['longitude']);
  });

  it('creates a church with its limit, zone and location, and audits it', async () => {
    const res = await inject('POST', '/churches', app.cast.platformAdmin.cookie, { ...valid, latitude: -31.9523, longitude: 115.8613 });
    expect(res.statusCode).toBe(201);
    const church = res.json();
    expect(church).toMatchObject({
      name: 'St. Andrews Community', suburb: 'East Perth', latitude: -31.9523, longitude: 115.8613, imageUrl: null,
      liveSettings: { timeZone: 'Australia/Perth', weeklyStreamLimitMinutes: 90, minutesUsedThisWeek: 0 },
    });
    const audit = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, church.id), eq(auditLog.action, 'church.created')));
    expect(audit).toHaveLength(1);
  });

  it('is for platform admins only', async () => {
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) {
      expect((await inject('POST', '/churches', who.cookie, valid)).statusCode).toBe(403);
    }
    expect((await inject('POST', '/churches', undefined, valid)).statusCode).toBe(401);
  });
});

describe('GET /churches', () => {
  it('lists churches with members, live state and minutes used of the weekly limit', async () => {
    const church = await buildChurch(app.t.ctx.db, { name: 'Zephyr Chapel', suburb: 'Fremantle', weeklyStreamLimitMinutes: 60 });
    await buildUser(app.t.ctx.db, 'member', { churchId: church.id });
    await buildUser(app.t.ctx.db, 'member', { churchId: church.id });
    const host = await buildUser(app.t.ctx.db, 'staff', { churchId: church.id });
    await app.t.ctx.db.insert(sermons).values({ broadcastId: newBroadcastId(), churchId: church.id, hostId: host.id, sourceLanguage: 'en', chargedSeconds: 630 });
    const res = await inject('GET', '/churches?q=zephyr', app.cast.platformAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ id: church.id, suburb: 'Fremantle', memberCount: 2, peopleCount: 3, isLive: true, minutesUsedThisWeek: 10.5, weeklyStreamLimitMinutes: 60 }],
    });
  });

  it('searches ignoring accents and sorts by members', async () => {
    await buildChurch(app.t.ctx.db, { name: 'Igreja São Paulo', suburb: 'Marrickville' });
    const res = await inject('GET', '/churches?q=sao%20paulo', app.cast.platformAdmin.cookie);
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual(['Igreja São Paulo']);
    const sorted = await inject('GET', '/churches?sort=-memberCount&pageSize=100', app.cast.platformAdmin.cookie);
    const counts = sorted.json().items.map((c: { memberCount: number }) => c.memberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await inject('GET', '/churches?sort=pastorPhone', app.cast.platformAdmin.cookie)).statusCode).toBe(400);
  });

  it('exports the same list as CSV', async () => {
    const res = await inject('GET', '/churches/export.csv?q=zephyr', app.cast.platformAdmin.cookie);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Zephyr Chapel');
  });

  it('is not for church admins, staff or members', async () => {
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) expect((await inject('GET', '/churches', who.cookie)).statusCode).toBe(403);
  });
});

describe('PATCH /churches/:id', () => {
  it("lets a church admin edit their own church's details, audited", async () => {
    const res = await inject('PATCH', `/churches/${app.cast.church.id}`, app.cast.churchAdmin.cookie, { address: '9 New Road', latitude: -33.87, longitude: 151.21 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: '9 New Road', latitude: -33.87, longitude: 151.21 });
    const [entry] = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, app.cast.church.id), eq(auditLog.action, 'church.updated')));
    expect(entry?.details).toEqual({ changed: ['address', 'latitude', 'longitude'] });
  });

  it('refuses a church admin who changes the stream limit; a platform admin sets it', async () => {
    const refused = await inject('PATCH', `/churches/${app.cast.church.id}`, app.cast.churchAdmin.cookie, { weeklyStreamLimitMinutes: 999 });
    expect(refused.statusCode).toBe(403);
    const set = await inject('PATCH', `/churches/${app.cast.church.id}`, app.cast.platformAdmin.cookie, { weeklyStreamLimitMinutes: 240, timeZone: 'Australia/Darwin' });
    expect(set.json().liveSettings).toMatchObject({ weeklyStreamLimitMinutes: 240, timeZone: 'Australia/Darwin' });
  });

  it("answers 404 for another church, 403 for staff and members, 400 with nothing changed", async () => {
    expect((await inject('PATCH', `/churches/${app.cast.otherChurch.id}`, app.cast.churchAdmin.cookie, { address: '1 Other Way' })).statusCode).toBe(404);
    for (const who of [app.cast.staff, app.cast.member]) expect((await inject('PATCH', `/churches/${app.cast.church.id}`, who.cookie, { address: '1 Other Way' })).statusCode).toBe(403);
    const same = await inject('PATCH', `/churches/${app.cast.church.id}`, app.cast.churchAdmin.cookie, { address: '9 New Road' });
    expect(same.json()).toMatchObject({ status: 400, code: 'no_changes' });
  });
});

describe('DELETE /churches/:id', () => {
  it('refuses a church that still has people, saying how many and what to do', async () => {
    const church = await buildChurch(app.t.ctx.db);
    await buildUser(app.t.ctx.db, 'member', { churchId: church.id });
    await buildUser(app.t.ctx.db, 'staff', { churchId: church.id });
    const res = await inject('DELETE', `/churches/${church.id}`, app.cast.platformAdmin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'church_has_people' });
    expect(res.json().detail).toMatch(/still has 2 people\. Move them to another church/);
  });

  it('deletes an empty church with its photo file, audited; others may not', async () => {
    const church = await buildChurch(app.t.ctx.db);
    expect((await upload(church.id, app.cast.platformAdmin.cookie, await solidImage('png'), 'c.png', 'image/png')).statusCode).toBe(200);
    const [{ imagePath }] = (await app.t.ctx.db.select({ imagePath: churches.imagePath }).from(churches).where(eq(churches.id, church.id))) as Array<{ imagePath: string }> as [{ imagePath: string }];
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) expect((await inject('DELETE', `/churches/${church.id}`, who.cookie)).statusCode).toBe(403);
    expect((await inject('DELETE', `/churches/${church.id}`, app.cast.platformAdmin.cookie)).statusCode).toBe(204);
    expect(await app.t.ctx.db.select().from(churches).where(eq(churches.id, church.id))).toHaveLength(0);
    expect(await storedImageNames(app.t.ctx.db)).not.toContain(imagePath);
    const audit = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, church.id), eq(auditLog.action, 'church.deleted')));
    expect(audit).toHaveLength(1);
    expect((await inject('DELETE', `/churches/${church.id}`, app.cast.platformAdmin.cookie)).statusCode).toBe(404);
  });
});

describe('PUT /churches/:id/image', () => {
  it('stores a photo without EXIF or GPS, resized, and serves it', async () => {
    const res = await upload(app.cast.church.id, app.cast.churchAdmin.cookie, await cameraJpeg());
    expect(res.statusCode).toBe(200);
    const url: string = res.json().imageUrl;
    expect(url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]{22}\.webp$/);
    const served = await app.t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
  });

  it('accepts a GIF and refuses a text file named .jpg (415) with the spec message', async () => {
    expect((await upload(app.cast.church.id, app.cast.churchAdmin.cookie, await solidImage('gif'), 'a.gif', 'image/gif')).statusCode).toBe(200);
    const res = await upload(app.cast.church.id, app.cast.churchAdmin.cookie, Buffer.from('just some text, not an image'), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Only JPEG, PNG or GIF images are allowed');
  });

  it("answers 404 for another church's photo and 403 for staff and members", async () => {
    const png = await solidImage('png');
    expect((await upload(app.cast.otherChurch.id, app.cast.churchAdmin.cookie, png, 'a.png', 'image/png')).statusCode).toBe(404);
    for (const who of [app.cast.staff, app.cast.member]) expect((await upload(app.cast.church.id, who.cookie, png, 'a.png', 'image/png')).statusCode).toBe(403);
  });

  it('removes the photo', async () => {
    const res = await inject('DELETE', `/churches/${app.cast.church.id}/image`, app.cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toBeNull();
  });
});

describe('GET /map-settings', () => {
  it('tells the web app where map tiles come from, without signing in', async () => {
    const res = await inject('GET', '/map-settings');
    expect(res.json()).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
  });
});
