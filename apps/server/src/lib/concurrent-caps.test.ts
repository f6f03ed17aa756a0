import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { ConcurrentCaps } from './concurrent-caps';
import type { RedisClient } from './redis';

const log = { warn: () => undefined } as never;

describe('concurrent places per key', () => {
  it('hold at most the cap, give a place back once, and count keys apart', async () => {
    const caps = new ConcurrentCaps(null, log);
    const held = [await caps.acquire('a', 2), await caps.acquire('a', 2)];
    expect(held.every(Boolean)).toBe(true);
    expect(await caps.acquire('a', 2)).toBeNull();
    expect(await caps.acquire('b', 2)).not.toBeNull();
    held[0]!.release();
    held[0]!.release();
    expect(caps.count('a')).toBe(1);
    expect(await caps.acquire('a', 2)).not.toBeNull();
    expect(await caps.acquire('a', 2)).toBeNull();
  });

  // With Redis (as in production with several processes): one cap for every process.
  it.runIf(process.env.TEST_REDIS_URL)('are one cap for two processes through Redis', async () => {
    const clients = [createClient({ url: process.env.TEST_REDIS_URL }), createClient({ url: process.env.TEST_REDIS_URL })];
    await Promise.all(clients.map((c) => c.connect()));
    const [a, b] = clients.map((c) => new ConcurrentCaps(c as unknown as RedisClient, log));
    const key = `test:${Date.now()}:${Math.random()}`;
    const first = await a!.acquire(key, 2);
    expect(await b!.acquire(key, 2)).not.toBeNull();
    expect(await b!.acquire(key, 2)).toBeNull();
    first!.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(await b!.acquire(key, 2)).not.toBeNull();
    a!.close();
    b!.close();
    await Promise.all(clients.map((c) => c.quit()));
  });
});
