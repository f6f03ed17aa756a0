import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SecretBox } from './lib/crypto';
import type { Mailer } from './providers/email/mailer';

/** What every module and the live gateway get: built once in buildApp, no globals. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  secrets: SecretBox;
  /** SMTP when SMTP_URL is set, else DATA_DIR/outbox. */
  mailer: Mailer;
  dataDir: string;
  log: FastifyBaseLogger;
  version: string;
  /** Work to run on close (timers, sockets), in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void;
}
