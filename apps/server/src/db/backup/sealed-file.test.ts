import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES, SealedFileError, SealedReader, SealingStream, type BackupKey, type ByteSource } from './sealed-file';

const key: BackupKey = { key: randomBytes(32), kind: 'backup' };
const CHUNK = 64;

async function seal(plain: Buffer, chunk = CHUNK, with_ = key): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sealer = new SealingStream(with_, chunk);
  sealer.on('data', (p: Buffer) => parts.push(p));
  const ended = new Promise((resolve) => sealer.once('end', resolve));
  // Written in odd pieces, as a gzip stream hands them over.
  for (let i = 0; i < plain.length; i += 37) sealer.write(plain.subarray(i, i + 37));
  sealer.end();
  await ended;
  return Buffer.concat(parts);
}

const sourceOf = (bytes: Buffer): ByteSource => ({ size: bytes.length, read: async (p, l) => bytes.subarray(p, p + l) });

async function open(bytes: Buffer, master = key.key): Promise<Buffer> {
  const reader = await SealedReader.open(sourceOf(bytes), master);
  await reader.verify();
  const parts: Buffer[] = [];
  for await (const c of reader.chunks()) parts.push(c);
  return Buffer.concat(parts);
}

async function problemOf(bytes: Buffer, master = key.key): Promise<string> {
  try {
    await open(bytes, master);
    return 'opened';
  } catch (err) {
    return err instanceof SealedFileError ? err.problem : String(err);
  }
}

describe('the backup file encryption', () => {
  it('gives back exactly what went in, empty, within a chunk, on chunk boundaries and across many', async () => {
    for (const size of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 10 * CHUNK + 17]) {
      const plain = randomBytes(size);
      expect((await open(await seal(plain))).equals(plain), `size ${size}`).toBe(true);
    }
  });

  it('says a file made with another key is made with another key, and which setting it needs', async () => {
    const sealed = await seal(randomBytes(500));
    expect(await problemOf(sealed, randomBytes(32))).toBe('wrong_key');
    expect(await SealedReader.keyKindOf(sourceOf(sealed))).toBe('backup');
    expect(await SealedReader.keyKindOf(sourceOf(await seal(Buffer.from('x'), CHUNK, { ...key, kind: 'secrets' })))).toBe('secrets');
  });

  it('refuses a file cut short, at a chunk boundary or inside a chunk', async () => {
    const sealed = await seal(randomBytes(5 * CHUNK + 10));
    const sealedChunk = CHUNK + 16;
    expect(await problemOf(sealed.subarray(0, HEADER_BYTES + 2 * sealedChunk))).toBe('truncated');
    expect(await problemOf(sealed.subarray(0, sealed.length - 5))).toBe('damaged');
    expect(await problemOf(sealed.subarray(0, HEADER_BYTES))).toBe('truncated');
    expect(await problemOf(sealed.subarray(0, 20))).toBe('truncated');
  });

  it('refuses a file with one byte changed anywhere: header, any chunk, any tag', async () => {
    const sealed = await seal(randomBytes(4 * CHUNK));
    for (const at of [10, HEADER_BYTES - 1, HEADER_BYTES + 3, HEADER_BYTES + CHUNK + 5, sealed.length - 1]) {
      const altered = Buffer.from(sealed);
      altered[at] = altered[at]! ^ 0x01;
      expect(await problemOf(altered), `byte ${at}`).not.toBe('opened');
    }
  });

  it('refuses chunks swapped or dropped', async () => {
    const sealed = await seal(randomBytes(4 * CHUNK + 3));
    const chunk = (i: number) => sealed.subarray(HEADER_BYTES + i * (CHUNK + 16), HEADER_BYTES + (i + 1) * (CHUNK + 16));
    const header = sealed.subarray(0, HEADER_BYTES);
    const rest = sealed.subarray(HEADER_BYTES + 4 * (CHUNK + 16));
    expect(await problemOf(Buffer.concat([header, chunk(1), chunk(0), chunk(2), chunk(3), rest]))).toBe('damaged');
    expect(await problemOf(Buffer.concat([header, chunk(0), chunk(2), chunk(3), rest]))).toBe('damaged');
  });

  it('refuses what is not a backup at all', async () => {
    expect(await problemOf(Buffer.from('PK\u0003\u0004 a zip file, not ours'))).toBe('not_a_backup');
    expect(await problemOf(Buffer.alloc(0))).toBe('not_a_backup');
  });
});
