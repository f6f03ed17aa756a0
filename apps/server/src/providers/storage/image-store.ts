import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { API_PREFIX } from '@app/shared';
import type { EncodedImage } from './images';

/** Stored file names: 22 random base64url characters (128 bits) and an extension; unguessable. */
export const STORED_NAME = /^[A-Za-z0-9_-]{22}\.(webp|jpg|png)$/;

const contentTypes: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** Where an image of `name` is served (`GET /api/v1/files/:name`). */
export const fileUrl = (name: string) => `${API_PREFIX}/files/${name}`;

/**
 * Images under DATA_DIR/uploads, each under a random name. Another backend (S3-compatible object
 * storage) can implement the same three calls when the app runs on several machines.
 */
export class ImageStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
  }

  /** Writes the image and answers its new name (what records store). */
  async save(image: EncodedImage): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('base64url')}.${image.extension}`;
    await writeFile(path.join(this.dir, name), image.data, { flag: 'wx' });
    return name;
  }

  /** Removes an image; a name that is already gone is not an error. */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await rm(path.join(this.dir, name), { force: true });
  }

  /** A stream of the image with its type and size, or null when there is no such file. */
  async open(name: string): Promise<{ stream: Readable; contentType: string; size: number } | null> {
    if (!STORED_NAME.test(name)) return null;
    const file = path.join(this.dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const ext = name.slice(name.lastIndexOf('.') + 1);
      return { stream: createReadStream(file), contentType: contentTypes[ext] ?? 'application/octet-stream', size: info.size };
    } catch {
      return null;
    }
  }
}
