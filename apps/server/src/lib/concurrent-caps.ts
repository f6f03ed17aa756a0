import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from './redis';

/** A place taken under a cap; given back once (closing twice is harmless). */
export interface Hold {
  release(): void;
}

/**
 * How many of something one client holds at once (voice streams, live sockets), capped per key
 * (docs/decisions/037, "Limits per address"). Alone, counted in memory. With Redis, one sorted
 * set per key holds every process's places with when they run out: a process refreshes its own
 * while they are open, so a process that died frees its places within `ttlMs`, and the cap is one
 * cap for the cluster.
 */
export class ConcurrentCaps {
  private readonly local = new Map<string, number>();
  private readonly held = new Map<string, Set<string>>();
  private readonly processId = randomUUID();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: RedisClient | null,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = 60_000,
  ) {}

  /** A place under `key` if fewer than `max` are taken; null when the cap is reached. */
  async acquire(key: string, max: number): Promise<Hold | null> {
    if (!this.redis) return this.acquireLocal(key, max);
    const member = `${this.processId}:${randomUUID()}`;
    const name = `caps:${key}`;
    const now = Date.now();
    try {
      const replies = await this.redis.multi()
        .zRemRangeByScore(name, '-inf', now)
        .zAdd(name, { score: now + this.ttlMs, value: member })
        .zCard(name)
        .pExpire(name, this.ttlMs)
        .exec();
      if (Number(replies[2]) > max) {
        await this.redis.zRem(name, member);
        return null;
      }
    } catch (err) {
      // Redis away: each process keeps its own count meanwhile.
      this.log.warn({ err }, 'could not count concurrent places in redis');
      return this.acquireLocal(key, max);
    }
    let members = this.held.get(name);
    if (!members) this.held.set(name, (members = new Set()));
    members.add(member);
    this.timer ??= setInterval(() => void this.refresh(), this.ttlMs / 3).unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        members.delete(member);
        if (members.size === 0) this.held.delete(name);
        this.redis?.zRem(name, member).catch((err: unknown) => this.log.warn({ err }, 'could not free a concurrent place in redis'));
      },
    };
  }

  /** Places taken under `key` on this process (tests, alone). */
  count(key: string): number {
    return this.local.get(key) ?? 0;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private acquireLocal(key: string, max: number): Hold | null {
    const taken = this.local.get(key) ?? 0;
    if (taken >= max) return null;
    this.local.set(key, taken + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.local.get(key) ?? 1) - 1;
        if (left <= 0) this.local.delete(key);
        else this.local.set(key, left);
      },
    };
  }

  /** This process's open places pushed forward, so they outlive the next refresh. */
  private async refresh(): Promise<void> {
    if (!this.redis || this.held.size === 0) return;
    const until = Date.now() + this.ttlMs;
    const write = this.redis.multi();
    for (const [name, members] of this.held) {
      write.zAdd(name, [...members].map((value) => ({ score: until, value })), { XX: true }).pExpire(name, this.ttlMs);
    }
    await write.exec().catch((err: unknown) => this.log.warn({ err }, 'could not refresh concurrent places in redis'));
  }
}
