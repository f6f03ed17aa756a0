import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from './redis';
import { acquireScript, refreshScript, releaseScript } from './concurrent-caps-scripts';

/** A place taken under a cap; given back once (closing twice is harmless). */
export interface Hold {
  release(): void;
}

/** One cap a place counts against: at most `max` places under `key` at once. */
export interface Cap {
  key: string;
  max: number;
}

export interface AcquireOptions {
  /**
   * The place's own name under its keys. A client that comes back under the same slot (a phone's
   * page reconnecting) takes its earlier place over instead of holding a second one; the earlier
   * holder is told through its `onLost`. Unset: a place of its own.
   */
  slot?: string;
  /** Taken whatever the count (a connection admitted before, recovered by Socket.IO). */
  force?: boolean;
  /** The place was taken over by a later holder of the same slot (on this or another process). */
  onLost?: () => void;
}

interface Entry {
  names: string[];
  slot: string;
  holder: string;
  onLost?: () => void;
}

/** How long a place outlives its process's last refresh: a killed process's places go within it. */
export const PLACE_TTL_MS = 10_000;

/**
 * How many of something one client holds at once (voice streams, live sockets), capped per key
 * (docs/decisions/048). A place may count against several caps at once (a device's and its
 * address's), taken under all or none. Alone, counted in memory. With Redis, one sorted set per
 * key holds every process's places with when they run out, and a hash who holds each: a process
 * refreshes its own every `ttlMs / 3`, so a process that died gives its places back within
 * `ttlMs`, and the cap is one cap for the cluster.
 */
export class ConcurrentCaps {
  /** key → slot → holder, when counted in memory (no Redis, or Redis away). */
  private readonly local = new Map<string, Map<string, string>>();
  /** This process's places in Redis, by holder. */
  private readonly held = new Map<string, Entry>();
  /** This process's places by every key's slot, to tell a local holder at once it was replaced. */
  private readonly bySlot = new Map<string, Entry>();
  private readonly processId = randomUUID();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: RedisClient | null,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = PLACE_TTL_MS,
  ) {}

  /** A place under every cap, or null (nothing taken) when one of them is reached. */
  async acquire(caps: Cap | Cap[], opts: AcquireOptions = {}): Promise<Hold | null> {
    const list = Array.isArray(caps) ? caps : [caps];
    const holder = `${this.processId}:${randomUUID()}`;
    const entry: Entry = { names: list.map((c) => `caps:${c.key}`), slot: opts.slot ?? holder, holder, onLost: opts.onLost };
    if (!this.redis) return this.acquireLocal(list, entry, opts.force ?? false);
    try {
      const refused = await this.redis.eval(acquireScript, {
        keys: entry.names.flatMap((n) => [n, `${n}:by`]),
        arguments: [String(Date.now()), String(this.ttlMs), entry.slot, holder, opts.force ? '1' : '0', ...list.map((c) => String(c.max))],
      });
      if (Number(refused) !== 0) return null;
    } catch (err) {
      // Redis away: each process keeps its own count meanwhile.
      this.log.warn({ err }, 'could not count concurrent places in redis');
      return this.acquireLocal(list, entry, opts.force ?? false);
    }
    this.replaceLocalHolder(entry);
    this.held.set(holder, entry);
    this.timer ??= setInterval(() => void this.refresh(), this.ttlMs / 3).unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.forget(entry);
        this.redis?.eval(releaseScript, { keys: entry.names.flatMap((n) => [n, `${n}:by`]), arguments: [entry.slot, holder] })
          .catch((err: unknown) => this.log.warn({ err }, 'could not free a concurrent place in redis'));
      },
    };
  }

  /** Places taken under `key` on this process (tests, alone). */
  count(key: string): number {
    return this.local.get(`caps:${key}`)?.size ?? 0;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private acquireLocal(caps: Cap[], entry: Entry, force: boolean): Hold | null {
    const sets = entry.names.map((n) => this.local.get(n) ?? new Map<string, string>());
    if (!force && caps.some((c, i) => !sets[i]!.has(entry.slot) && sets[i]!.size >= c.max)) return null;
    entry.names.forEach((n, i) => this.local.set(n, sets[i]!.set(entry.slot, entry.holder)));
    this.replaceLocalHolder(entry);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.forget(entry);
        for (const n of entry.names) {
          const set = this.local.get(n);
          if (set?.get(entry.slot) !== entry.holder) continue;
          set.delete(entry.slot);
          if (set.size === 0) this.local.delete(n);
        }
      },
    };
  }

  /** An earlier holder of the same slot on this process is told at once that its place is taken over. */
  private replaceLocalHolder(entry: Entry): void {
    const id = `${entry.names.join('|')}#${entry.slot}`;
    const earlier = this.bySlot.get(id);
    this.bySlot.set(id, entry);
    if (earlier && earlier.holder !== entry.holder) {
      this.held.delete(earlier.holder);
      earlier.onLost?.();
    }
  }

  private forget(entry: Entry): void {
    this.held.delete(entry.holder);
    const id = `${entry.names.join('|')}#${entry.slot}`;
    if (this.bySlot.get(id) === entry) this.bySlot.delete(id);
  }

  /**
   * This process's open places pushed forward, so they outlive the next refresh; a place another
   * process took over (the same slot, a phone that reconnected there) is let go here.
   */
  private async refresh(): Promise<void> {
    if (!this.redis || this.held.size === 0) return;
    const entries = [...this.held.values()];
    // A few hundred places a script call: one call never holds Redis up for long.
    for (let i = 0; i < entries.length; i += 200) {
      const batch = entries.slice(i, i + 200);
      try {
        const lost = (await this.redis.eval(refreshScript, {
          keys: batch.flatMap((e) => e.names.flatMap((n) => [n, `${n}:by`])),
          arguments: [String(Date.now() + this.ttlMs), String(this.ttlMs), ...batch.flatMap((e) => [e.slot, e.holder, String(e.names.length)])],
        })) as string[];
        for (const holder of lost) {
          const entry = this.held.get(holder);
          if (!entry) continue;
          this.forget(entry);
          entry.onLost?.();
        }
      } catch (err) {
        this.log.warn({ err }, 'could not refresh concurrent places in redis');
      }
    }
  }
}
