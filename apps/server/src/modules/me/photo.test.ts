import path from 'node:path';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@app/shared';
import { storedFiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { cameraJpeg, multipart } from '../../../test/helpers/uploads';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function signedIn() {
  const user = await buildUser(t.ctx.db, 'member');
  return { user, cookie: await sessionCookie(t.ctx.db, user.id) };
}

async function upload(cookie: string, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg', field = 'file') {
  const { payload, contentType } = await multipart(bytes, filename, type, field);
  return t.app.inject({ method: 'PUT', url: '/api/v1/me/photo', headers: { cookie, 'content-type': contentType }, payload });
}

/** Names of the images stored in the database (where every server process reads them). */
const uploads = async () =>
  (await t.ctx.db.select({ key: storedFiles.key }).from(storedFiles).where(like(storedFiles.key, 'images/%'))).map((r) => r.key.slice('images/'.length));

describe('PUT /me/photo', () => {
  it('re-encodes the photo upright, resized to 512px, with EXIF and GPS gone, and serves it back', async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from('PhoneCo'))).toBe(true);
    // The GPS IFD pointer (tag 0x8825) is in the original's EXIF, in either byte order.
    expect(before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const { cookie } = await signedIn();
    const res = await upload(cookie, original);
    expect(res.statusCode).toBe(200);
    const { photoUrl } = res.json();
    expect(photoUrl).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]{22}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // Kept by the phone's own browser only, and asked again at each use (decision 037, "Photos").
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url: photoUrl, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 turned the 1600×1000 landscape into a portrait, then it was fitted into 512px.
    expect([meta.width, meta.height]).toEqual([320, 512]);
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('accepts a PNG', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#33669980' } }).png().toBuffer();
    const { cookie } = await signedIn();
    const res = await upload(cookie, png, 'avatar.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await t.app.inject({ method: 'GET', url: res.json().photoUrl })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('judges the type by the bytes, not the name or declared type', async () => {
    const { cookie } = await signedIn();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
    const disguised = await upload(cookie, gif, 'photo.jpg', 'image/jpeg');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toMatchObject({ code: 'unsupported_media_type', detail: 'Only JPG or PNG images are allowed' });
    const text = await upload(cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png');
    expect(text.statusCode).toBe(415);
    const broken = await upload(cookie, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]), 'x.jpg', 'image/jpeg');
    expect(broken.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { cookie } = await signedIn();
    const big = Buffer.concat([await cameraJpeg(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await upload(cookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: 'Image must be under 5MB' });
  });

  it('refuses a request without the file field', async () => {
    const { cookie } = await signedIn();
    const wrongField = await upload(cookie, await cameraJpeg(), 'a.jpg', 'image/jpeg', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual([{ field: 'file', message: 'Choose a photo to upload' }]);
    const json = await t.app.inject({ method: 'PUT', url: '/api/v1/me/photo', headers: { cookie }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('replaces the previous photo file, and DELETE removes the photo', async () => {
    const { cookie } = await signedIn();
    const first = (await upload(cookie, await cameraJpeg())).json().photoUrl as string;
    const second = (await upload(cookie, await cameraJpeg())).json().photoUrl as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const files = await uploads();
    expect(files).toContain(path.basename(second));
    expect(files).not.toContain(path.basename(first));

    const kept = await t.app.inject({ method: 'GET', url: second });
    expect(kept.headers['cache-control']).not.toMatch(/public|immutable|max-age/);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/photo', headers: { cookie } });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    // A browser revalidating the copy it holds is told it is gone, not that it may keep it.
    const revalidated = await t.app.inject({ method: 'GET', url: second, headers: { 'if-none-match': String(kept.headers.etag) } });
    expect(revalidated.statusCode).toBe(404);
    expect(String(revalidated.headers['cache-control'] ?? '')).not.toMatch(/immutable|public/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().photoUrl).toBeNull();
  });

  it('answers 404 for unknown or malformed file names', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAA.webp', '..%2F..%2Fsecrets.key', 'x.txt']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/files/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
