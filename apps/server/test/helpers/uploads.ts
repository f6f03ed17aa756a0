import { like } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { storedFiles } from '../../src/db/schema';
import sharp from 'sharp';

/** A multipart/form-data body with one file (after `fields`), as a browser would send it. */
export async function multipart(bytes: Buffer, filename: string, type: string, field = 'file', fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const req = new Request('http://localhost/', { method: 'PUT', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** A camera-like JPEG: 1600×1000 pixels, EXIF with GPS position and orientation 6 (rotate 90°). */
export function cameraJpeg() {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Copyright: 'Private Person' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small image of one colour in the given format. */
export const solidImage = (format: 'jpeg' | 'png' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#446688' } }).toFormat(format).toBuffer();

/** Names of the images in the blob store (PostgreSQL), where every server process reads them. */
export async function storedImageNames(db: Db): Promise<string[]> {
  const rows = await db.select({ key: storedFiles.key }).from(storedFiles).where(like(storedFiles.key, 'images/%'));
  return rows.map((r) => r.key.slice('images/'.length));
}
