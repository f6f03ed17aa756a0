/**
 * The speaker's lines that the server has not yet acknowledged, in the order they were spoken or
 * typed. Kept in localStorage per sermon so a reload or a crashed tab keeps them;
 * a line leaves only when its ack arrives. Each carries a `clientId` so a line resent after a
 * reconnection is recognised by the server instead of shown twice.
 */
export interface OutboxLine {
  clientId: string;
  text: string;
  /** A paragraph of the church's prepared text: the server sends its stored translations (decision 026). */
  preparedParagraphId?: string;
  /**
   * When its first words were said or it was typed, epoch ms on this device's clock: sent on the
   * server's clock however late it goes out, so the line keeps its time (decision 044).
   */
  startedAt?: number;
}

const KEY_PREFIX = 'live.outbox.';

export function outboxKey(sermonId: string): string {
  return `${KEY_PREFIX}${sermonId}`;
}

/** A random id within the contract's 8–64 characters; crypto.randomUUID is missing on plain http. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read(storage: Storage, key: string): OutboxLine[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((l): l is OutboxLine => typeof l?.clientId === 'string' && typeof l?.text === 'string')
      : [];
  } catch {
    return [];
  }
}

export class Outbox {
  private lines: OutboxLine[];
  private readonly key: string;

  constructor(
    sermonId: string,
    private readonly storage: Storage = localStorage,
  ) {
    this.key = outboxKey(sermonId);
    this.lines = read(storage, this.key);
  }

  /** Lines still waiting for their ack, oldest first. */
  list(): readonly OutboxLine[] {
    return this.lines;
  }

  get size(): number {
    return this.lines.length;
  }

  add(text: string, clientId = newClientId(), preparedParagraphId?: string, startedAt = Date.now()): OutboxLine {
    const line: OutboxLine = preparedParagraphId ? { clientId, text, preparedParagraphId, startedAt } : { clientId, text, startedAt };
    this.lines = [...this.lines, line];
    this.save();
    return line;
  }

  /** The server stored it (or already had it): it never needs sending again. */
  remove(clientId: string): void {
    this.lines = this.lines.filter((l) => l.clientId !== clientId);
    this.save();
  }

  clear(): void {
    this.lines = [];
    this.save();
  }

  private save() {
    try {
      if (this.lines.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(this.lines));
    } catch {
      // Storage full or blocked (private mode): the lines still wait in memory for this page.
    }
  }
}
