import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';

/** One stored file: its bytes and the type it is served with. */
export interface Blob {
  data: Buffer;
  contentType: string;
}

/**
 * Where images and voice clips live so that every server process reads them (decision 006). Keys
 * are paths (`images/…`, `tts/<sermon>/…`). S3-compatible object storage would be a second
 * implementation of these four calls; PostgreSQL is the one built and tested.
 */
export interface BlobStore {
  /** Stores the file; a key already stored keeps its first content (keys are never reused). */
  put(key: string, blob: Blob): Promise<void>;
  get(key: string): Promise<Blob | null>;
  remove(key: string): Promise<void>;
  /** Removes every key starting with `prefix` (a deleted sermon's clips). */
  removeAll(prefix: string): Promise<void>;
}

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
