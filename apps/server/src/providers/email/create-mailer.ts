import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/**
 * SMTP when SMTP_URL is set; otherwise one file per message in DATA_DIR/outbox (ARCHITECTURE.md
 * section 3). Kept apart from mailer.ts, which the two mailers import for their types, so the
 * factory and the mailers it creates do not import each other.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return new OutboxMailer(config.DATA_DIR, config.MAIL_FROM, log);
}
