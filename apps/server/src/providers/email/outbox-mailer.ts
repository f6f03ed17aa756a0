import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer';

/** What one outbox file holds (JSON), for people and end-to-end tests reading codes in development. */
export interface OutboxMessage extends MailMessage {
  from: string;
  date: string;
}

/**
 * Without SMTP, each message becomes one JSON file in DATA_DIR/outbox, named
 * `<epoch ms>-<random>.json` so a directory listing sorts oldest first. The address is inside the
 * file only, never in its name or the log, so a purge can remove every trace of it (decision 016).
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly dir: string;

  constructor(dataDir: string, private readonly from: string, private readonly log: FastifyBaseLogger) {
    this.dir = path.join(dataDir, 'outbox');
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const name = `${Date.now()}-${randomBytes(3).toString('hex')}.json`;
    const body: OutboxMessage = { ...message, from: this.from, date: new Date().toISOString() };
    // Mode 0600: the file holds a live reset code.
    await writeFile(path.join(this.dir, name), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    this.log.info({ subject: message.subject, file: name }, 'mail written to outbox (SMTP_URL not set)');
  }

  async forget(address: string): Promise<void> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
    const wanted = address.toLowerCase();
    for (const name of names) {
      const file = path.join(this.dir, name);
      const message = await readFile(file, 'utf8').then((text) => JSON.parse(text) as Partial<OutboxMessage>, () => null);
      if (message?.to?.toLowerCase() === wanted) await rm(file, { force: true });
    }
  }

  close(): void {}
}
