import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { cameraJpeg, multipart, solidImage, storedImageNames } from '../../../test/helpers/uploads';
import { runPrivacyJobs } from '../privacy/privacy-jobs';

const s = useCastApp();
let n = 0;

async function sendPhoto(cookie: string, id: string, bytes: Buffer, clientId = `photo-${++n}-${Date.now()}`) {
  const { payload, contentType } = await multipart(bytes, 'photo.jpg', 'image/jpeg');
  return s.t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/images?clientId=${clientId}&language=pt`, headers: { cookie, 'content-type': contentType }, payload });
}

describe('photos in messages', () => {
  it('go through the image pipeline (GPS gone), once per clientId, only where one may write; the purge removes them', async () => {
    const { db } = s.t.ctx;
    const member = await buildUser(db, 'member', { churchId: s.cast.church.id });
    const cookie = await sessionCookie(db, member.id);
    const id = (await s.call('POST', '/conversations', cookie, { userId: s.cast.staff.user.id })).json().id;
    const first = await sendPhoto(cookie, id, await cameraJpeg(), 'same-photo-1');
    expect(first.statusCode).toBe(201);
    const again = await sendPhoto(cookie, id, await cameraJpeg(), 'same-photo-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const { imageUrl } = first.json();
    expect(imageUrl).toMatch(/^\/api\/v1\/files\//);
    const file = await s.t.app.inject({ method: 'GET', url: imageUrl });
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const name = imageUrl.split('/').pop();
    expect(await storedImageNames(db)).toContain(name);

    expect((await sendPhoto(s.cast.otherMember.cookie, id, await solidImage('png'))).statusCode).toBe(404);

    const request = (await s.call('POST', '/me/deletion-request', cookie, { reason: 'privacy_concerns' })).json();
    await s.call('POST', `/deletion-requests/${request.id}/approve`, s.cast.churchAdmin.cookie);
    await runPrivacyJobs(s.t.ctx, new Date(Date.now() + 60 * 60_000));
    expect(await storedImageNames(db)).not.toContain(name);
    const page = (await s.call('GET', `/conversations/${id}/messages`, s.cast.staff.cookie)).json();
    expect(page.items[0]).toMatchObject({ state: 'account_deleted', imageUrl: null });
  });
});
