import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxMessage } from '../../providers/email/outbox-mailer';

/** Test helper: the outbox messages written to `to`, oldest first, waiting up to `timeoutMs` for `atLeast`. */
export async function outboxFor(dataDir: string, to: string, atLeast = 1, timeoutMs = 3000): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    const messages = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxMessage));
    const mine = messages.filter((m) => m.to === to);
    if (mine.length >= atLeast || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The 4-digit code in a reset message. */
export function codeIn(message: OutboxMessage | undefined): string {
  const code = message?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error('no reset code in the message');
  return code;
}
