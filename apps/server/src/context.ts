import type { RedisClient } from './lib/redis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SecretBox } from './lib/crypto';
import type { AppMetrics } from './lib/app-metrics';

/** What every module and the live gateway get: built once in buildApp, no globals. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  secrets: SecretBox;
  /** SMTP when SMTP_URL is set, else DATA_DIR/outbox. */
  mailer: Mailer;
  dataDir: string;
  /** Images and voice clips, readable by every process (PostgreSQL, or S3 with S3_BUCKET; decision 006). */
  blobs: BlobStore;
  /** Redis when REDIS_URL is set: several processes share live sermons (decision 007). */
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  /** This process's Prometheus figures, served at /metrics (decision 035). */
  metrics: AppMetrics;
  version: string;
  /** Work to run on close (timers, sockets), in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void;
}

/** One stored file: its bytes and the type it is served with. */
export interface Blob {
  data: Buffer;
  contentType: string;
}

/**
 * Where images and voice clips live so that every server process reads them (decision 006). Keys
 * are paths (`images/…`, `tts/<sermon>/…`). PostgreSQL by default (PgBlobStore); an S3-compatible
 * bucket when S3_BUCKET is set (S3BlobStore).
 */
export interface BlobStore {
  /**
   * Stores the file. Keys are never reused for other content, so a second put of a key may keep the
   * first copy (PostgreSQL) or replace it (S3): the bytes are the same.
   */
  put(key: string, blob: Blob): Promise<void>;
  get(key: string): Promise<Blob | null>;
  remove(key: string): Promise<void>;
  /** Removes every key starting with `prefix` (a deleted sermon's clips). */
  removeAll(prefix: string): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text message. Implementations throw when the message could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Keeps nothing more addressed to `address` (a purged person, decision 016): SMTP keeps nothing
   * once a message is handed over; the outbox removes the files it wrote for them.
   */
  forget(address: string): Promise<void>;
  close(): void;
}
