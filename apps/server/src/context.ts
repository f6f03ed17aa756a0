import type { BlobStore } from './providers/storage/blob-store';
import type { RedisClient } from './lib/redis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SecretBox } from './lib/crypto';
import type { Mailer } from './providers/email/mailer';
import type { AppMetrics } from './modules/metrics/app-metrics';

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
