import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { multipart, solidImage } from '../../../test/helpers/uploads';
import { moveStoredFiles, PgBlobStore } from './blob-store';
import { ImageStore, moveUploadedImages } from './image-store';
import { S3BlobStore } from './s3-blob-store';

let s3: TestS3Server;
let store: S3BlobStore;
beforeAll(async () => {
  s3 = await startS3Server();
  // Two keys a page, so removeAll below has to follow continuation tokens.
  store = new S3BlobStore({ ...s3.settings, pageSize: 2 });
});
afterAll(async () => {
  store.destroy();
  await s3.close();
});

const keysUnder = async (prefix: string) =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

describe('S3BlobStore', () => {
  it('stores bytes with their content type and reads them back', async () => {
    const data = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    await store.put('tts/s1/1/fr/female', { data, contentType: 'audio/mpeg' });
    const got = await store.get('tts/s1/1/fr/female');
    expect(got?.contentType).toBe('audio/mpeg');
    expect(got?.data.equals(data)).toBe(true);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: 'tts/s1/1/fr/female' }));
    expect(head.ContentType).toBe('audio/mpeg');
  });

  it('answers null for a key that is not there', async () => {
    expect(await store.get('images/never-stored.webp')).toBeNull();
  });

  it('removes one key, and removing it again is not an error', async () => {
    await store.put('images/a.webp', { data: Buffer.from('a'), contentType: 'image/webp' });
    await store.remove('images/a.webp');
    expect(await store.get('images/a.webp')).toBeNull();
    await store.remove('images/a.webp');
  });

  it('removes every key under a prefix across several list pages, and nothing else', async () => {
    const clip = { data: Buffer.from('clip'), contentType: 'audio/mpeg' };
    for (let seq = 0; seq < 5; seq++) await store.put(`tts/doomed/${seq}/es/male`, clip);
    // Same leading characters, other sermon: a prefix match must not reach it.
    await store.put('tts/doomed-not/0/es/male', clip);
    await store.put('tts/kept/0/es/male', clip);
    await store.removeAll('tts/doomed/');
    expect(await keysUnder('tts/doomed/')).toEqual([]);
    expect(await keysUnder('tts/doomed-not/')).toEqual(['tts/doomed-not/0/es/male']);
    expect(await store.get('tts/kept/0/es/male')).not.toBeNull();
    await store.removeAll('tts/nothing-here/');
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const wrong = new S3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(wrong.get('images/x.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    wrong.destroy();
  });

  it('takes the images an older version left on disk', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'move-s3-'));
    const name = 'BBBBBBBBBBBBBBBBBBBBBB.webp';
    await mkdir(path.join(dir, 'uploads'));
    await writeFile(path.join(dir, 'uploads', name), Buffer.from('old image'));
    expect(await moveUploadedImages(dir, store)).toBe(1);
    expect(await readdir(path.join(dir, 'uploads'))).toEqual([]);
    expect((await new ImageStore(store).open(name))?.data.toString()).toBe('old image');
    await rm(dir, { recursive: true, force: true });
  });
});

describe('the app with S3_BUCKET set', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(s3.env); });
  afterAll(async () => { await t.close(); });

  it('keeps an uploaded photo in the bucket, not in PostgreSQL, and serves it from there', async () => {
    expect(t.ctx.blobs).toBeInstanceOf(S3BlobStore);
    const user = await buildUser(t.ctx.db, 'member');
    const cookie = await sessionCookie(t.ctx.db, user.id);
    const { payload, contentType } = await multipart(await solidImage('png'), 'me.png', 'image/png');
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/me/photo', headers: { cookie, 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(200);
    const name = (res.json().photoUrl as string).split('/').pop()!;

    expect(await keysUnder(`images/${name}`)).toEqual([`images/${name}`]);
    expect(await t.ctx.db.select().from(storedFiles).where(like(storedFiles.key, 'images/%'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: res.json().photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/CCCCCCCCCCCCCCCCCCCCCC.webp' })).statusCode).toBe(404);
  });

  it('moves files stored in PostgreSQL before the switch into the bucket', async () => {
    const name = 'DDDDDDDDDDDDDDDDDDDDDD.webp';
    await new PgBlobStore(t.ctx.db).put(`images/${name}`, { data: Buffer.from('from before'), contentType: 'image/webp' });
    await new PgBlobStore(t.ctx.db).put('tts/old/0/pt/female', { data: Buffer.from('clip'), contentType: 'audio/mpeg' });
    expect(await moveStoredFiles(t.ctx.db, t.ctx.blobs)).toBe(2);
    expect(await t.ctx.db.select().from(storedFiles)).toEqual([]);
    expect(await moveStoredFiles(t.ctx.db, t.ctx.blobs)).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: `/api/v1/files/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('from before');
    expect((await t.ctx.blobs.get('tts/old/0/pt/female'))?.contentType).toBe('audio/mpeg');
  });
});
