import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ImageStore, moveUploadedImages, STORED_NAME } from './image-store';
import { reencodeImage, sniffImageType } from './images';

const solid = (format: 'jpeg' | 'png' | 'gif' | 'webp', width = 20, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: '#446688' } }).toFormat(format).toBuffer();

const photo = { allowed: ['jpeg', 'png'] as const, maxSide: 512, typeMessage: 'Only JPG or PNG images are allowed' };

describe('sniffImageType', () => {
  it('tells JPEG, PNG and GIF from their first bytes and nothing else', async () => {
    expect(sniffImageType(await solid('jpeg'))).toBe('jpeg');
    expect(sniffImageType(await solid('png'))).toBe('png');
    expect(sniffImageType(await solid('gif'))).toBe('gif');
    expect(sniffImageType(await solid('webp'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('accepts only the allowed types (GIF only where asked for)', async () => {
    await expect(reencodeImage(await solid('gif'), photo)).rejects.toMatchObject({ status: 415, message: photo.typeMessage });
    const gifAllowed = await reencodeImage(await solid('gif'), { ...photo, allowed: ['jpeg', 'png', 'gif'] });
    expect(gifAllowed.contentType).toBe('image/webp');
  });

  it('never enlarges a small image', async () => {
    const out = await reencodeImage(await solid('png', 30, 20), photo);
    expect([out.width, out.height]).toEqual([30, 20]);
  });

  it('refuses a decompression bomb instead of decoding it', async () => {
    // 10000×10000 of one colour compresses to a few KB but would decode to 300 MB.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(reencodeImage(bomb, photo)).rejects.toMatchObject({ status: 415 });
  });
});

describe('ImageStore', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('saves under a random name in the database, opens and removes it', async () => {
    const store = new ImageStore(t.ctx.blobs);
    const image = await reencodeImage(await solid('jpeg'), photo);
    const a = await store.save(image);
    const b = await store.save(image);
    expect(a).toMatch(STORED_NAME);
    expect(a).not.toBe(b);
    const opened = await store.open(a);
    expect(opened).toMatchObject({ contentType: 'image/webp', size: image.data.length });
    expect(opened!.data.equals(image.data)).toBe(true);
    await store.remove(a);
    expect(await store.open(a)).toBeNull();
    expect(await store.open(b)).not.toBeNull();
  });

  it('moves images an older version left under DATA_DIR/uploads into the database, once', async () => {
    const image = await reencodeImage(await solid('png'), photo);
    const name = 'AAAAAAAAAAAAAAAAAAAAAA.webp';
    await mkdir(path.join(dir, 'uploads'), { recursive: true });
    await writeFile(path.join(dir, 'uploads', name), image.data);
    expect(await moveUploadedImages(dir, t.ctx.blobs)).toBe(1);
    expect(await readdir(path.join(dir, 'uploads'))).toEqual([]);
    expect(await moveUploadedImages(dir, t.ctx.blobs)).toBe(0);
    const opened = await new ImageStore(t.ctx.blobs).open(name);
    expect(opened?.data.equals(image.data)).toBe(true);
  });

  it('ignores names that are not its own (no path tricks)', async () => {
    const store = new ImageStore(t.ctx.blobs);
    expect(await store.open('../secrets.key')).toBeNull();
    await store.remove('../secrets.key');
    await store.remove(null);
  });
});
