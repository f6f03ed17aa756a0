import type { FastifyBaseLogger } from 'fastify';

/**
 * A failure that repeats (a feed answering 500, a statement failing every tick) is logged once a
 * minute per key, with how often it happened meanwhile: the log stays readable and small however
 * long a church's feed keeps failing (decision 037, "No church stops another").
 */
export class RepeatLog {
  private readonly seen = new Map<string, { at: number; repeated: number }>();

  constructor(private readonly log: FastifyBaseLogger, private readonly everyMs = 60_000, private readonly now: () => number = Date.now) {}

  error(key: string, fields: Record<string, unknown>, message: string): void {
    this.write('error', key, fields, message);
  }

  warn(key: string, fields: Record<string, unknown>, message: string): void {
    this.write('warn', key, fields, message);
  }

  /** The failure stopped: the next one is logged at once. */
  clear(key: string): void {
    this.seen.delete(key);
  }

  private write(level: 'error' | 'warn', key: string, fields: Record<string, unknown>, message: string): void {
    const now = this.now();
    const last = this.seen.get(key);
    if (last && now - last.at < this.everyMs) {
      last.repeated++;
      return;
    }
    this.log[level]({ ...fields, ...(last ? { repeated: last.repeated } : {}) }, message);
    this.seen.set(key, { at: now, repeated: 0 });
    // Keys of feeds long gone are not kept for ever.
    if (this.seen.size > 1000) for (const [k, v] of this.seen) if (now - v.at >= this.everyMs) this.seen.delete(k);
  }
}
