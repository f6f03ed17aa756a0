import { asc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Blob, BlobStore } from '../../context';
import { storedFiles } from '../../db/schema';

// The contract lives with the context that carries it (the context imports no provider).
export type { Blob, BlobStore };

/** Files as bytea rows of `stored_files`: one backup, one place, nothing on a machine's disk. */
export class PgBlobStore implements BlobStore {
  constructor(private readonly db: Db) {}

  async put(key: string, blob: Blob): Promise<void> {
    await this.db.insert(storedFiles).values({ key, contentType: blob.contentType, data: blob.data }).onConflictDoNothing();
  }

  async get(key: string): Promise<Blob | null> {
    const [row] = await this.db.select({ data: storedFiles.data, contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
    return row ? { data: Buffer.from(row.data), contentType: row.contentType } : null;
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  async removeAll(prefix: string): Promise<void> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    await this.db.delete(storedFiles).where(like(storedFiles.key, `${escaped}%`));
  }
}

/**
 * Moves every row of `stored_files` into `to` (a deployment that switched to S3_BUCKET), each row
 * deleted only once stored, so a start-up cut short resumes where it stopped and two processes doing
 * it at once only repeat a put. Without it, images uploaded before the switch would answer 404.
 * Answers how many moved.
 */
export async function moveStoredFiles(db: Db, to: BlobStore): Promise<number> {
  // Rows are tens of KB (decision 006): a few dozen at a time keeps memory small.
  const batch = 25;
  let moved = 0;
  for (;;) {
    const rows = await db.select({ key: storedFiles.key, contentType: storedFiles.contentType, data: storedFiles.data }).from(storedFiles).orderBy(asc(storedFiles.key)).limit(batch);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      await to.put(row.key, { data: Buffer.from(row.data), contentType: row.contentType });
      await db.delete(storedFiles).where(eq(storedFiles.key, row.key));
      moved++;
    }
  }
}
