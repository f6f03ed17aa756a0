import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers/test-app';
import { buildUser } from '../../../test/helpers/factories';
import { createMailer } from './create-mailer';

interface Received { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const silent = pino({ level: 'silent' });
let dataDir: string;
beforeAll(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'mailer-test-')); });
afterAll(async () => { await rm(dataDir, { recursive: true, force: true }); });

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes one JSON file per message with the address, subject and text, readable by the owner only', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Church <no-reply@example.com>' }, silent);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Your code is 4821.' });
    await mailer.send({ to: 'ben@example.com', subject: 'Hi', text: 'Second' });
    const names = (await readdir(path.join(dataDir, 'outbox'))).sort();
    expect(names.length).toBeGreaterThanOrEqual(2);
    // The address is inside the file, not in its name (a purge removes the file, decision 016).
    expect(names[0]).toMatch(/^\d{13}-[0-9a-f]{6}\.json$/);
    // Two messages within one millisecond may sort either way: Ana's is found by what it holds.
    const files = names.map((n) => path.join(dataDir, 'outbox', n));
    const file = (await Promise.all(files.map(async (f) => ((await readFile(f, 'utf8')).includes('ana@example.com') ? f : null)))).find(Boolean)!;
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      to: 'ana@example.com', from: 'Church <no-reply@example.com>', subject: 'Hello', text: 'Your code is 4821.', date: expect.any(String),
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('forgets every message to a purged address, whatever its case, and keeps the others', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Church <no-reply@example.com>' }, silent);
    await mailer.send({ to: 'Zoe.OBrien@example.com', subject: 'Welcome', text: 'Hello Zoë' });
    await mailer.forget('zoe.obrien@example.com');
    const left = await Promise.all((await readdir(path.join(dataDir, 'outbox'))).map((n) => readFile(path.join(dataDir, 'outbox', n), 'utf8')));
    expect(left.join('\n')).not.toMatch(/obrien/i);
    expect(left.join('\n')).toContain('ana@example.com');
  });
});

describe('SMTP mailer (SMTP_URL set)', () => {
  it('delivers to a real SMTP server on loopback', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'no-reply@example.com', SMTP_URL: smtp.url }, silent);
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'cara@example.com', subject: 'Test subject', text: 'Body 7731' });
      mailer.close();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['cara@example.com'] });
      expect(smtp.received[0]!.raw).toContain('Subject: Test subject');
      expect(smtp.received[0]!.raw).toContain('Body 7731');
    } finally {
      await smtp.close();
    }
  });

  it('carries a password reset code end to end, and the code works', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Harbour <reset@example.com>' });
    try {
      const user = await buildUser(t.ctx.db, 'member');
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: user.email } });
      expect(res.statusCode).toBe(202);
      const deadline = Date.now() + 5000;
      while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual([user.email]);
      expect(mail.raw).toContain('Subject: Your password reset code');
      const code = mail.raw.match(/reset code is (\d{4})/)?.[1];
      expect(code).toMatch(/^\d{4}$/);
      const verify = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/verify', payload: { email: user.email, code } });
      expect(verify.statusCode).toBe(200);
      // Nothing went to the outbox while SMTP is configured.
      await expect(readdir(path.join(t.config.DATA_DIR, 'outbox'))).rejects.toThrow();
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
