import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { API_PREFIX } from '@app/shared';
import type { BlobStore } from './blob-store';
import type { EncodedImage } from './images';

/** Stored file names: 22 random base64url characters (128 bits) and an extension; unguessable. */
export const STORED_NAME = /^[A-Za-z0-9_-]{22}\.(webp|jpg|png)$/;

const contentTypes: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** Where an image of `name` is served (`GET /api/v1/files/:name`). */
export const fileUrl = (name: string) => `${API_PREFIX}/files/${name}`;

const keyOf = (name: string) => `images/${name}`;

/** Images, each under a random name, in the shared blob store so every process serves them. */
export class ImageStore {
  constructor(private readonly blobs: BlobStore) {}

  /** Stores the image and answers its new name (what records store). */
  async save(image: EncodedImage): Promise<string> {
    const name = `${randomBytes(16).toString('base64url')}.${image.extension}`;
    await this.blobs.put(keyOf(name), { data: image.data, contentType: image.contentType });
    return name;
  }

  /** Removes an image; a name that is already gone is not an error. */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await this.blobs.remove(keyOf(name));
  }

  /** The image with its type and size, or null when there is no such file. */
  async open(name: string): Promise<{ data: Buffer; contentType: string; size: number } | null> {
    if (!STORED_NAME.test(name)) return null;
    const blob = await this.blobs.get(keyOf(name));
    return blob ? { ...blob, size: blob.data.length } : null;
  }
}

/**
 * Moves images a previous version kept under DATA_DIR/uploads into the blob store (decision 006): run at
 * start-up, idempotent, each file deleted only once it is stored. Answers how many moved.
 */
export async function moveUploadedImages(dataDir: string, blobs: BlobStore): Promise<number> {
  const dir = path.join(dataDir, 'uploads');
  const names = await readdir(dir).catch(() => [] as string[]);
  let moved = 0;
  for (const name of names.filter((n) => STORED_NAME.test(n))) {
    const file = path.join(dir, name);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    await blobs.put(keyOf(name), { data: await readFile(file), contentType: contentTypes[ext] ?? 'application/octet-stream' });
    await rm(file, { force: true });
    moved++;
  }
  return moved;
}
