import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrentCaps } from './concurrent-caps';
import type { RedisClient } from './redis';

const log = { warn: () => undefined } as never;
const cap = (key: string, max: number) => ({ key, max });

describe('concurrent places per key', () => {
  it('hold at most the cap, give a place back once, and count keys apart', async () => {
    const caps = new ConcurrentCaps(null, log);
    const held = [await caps.acquire(cap('a', 2)), await caps.acquire(cap('a', 2))];
    expect(held.every(Boolean)).toBe(true);
    expect(await caps.acquire(cap('a', 2))).toBeNull();
    expect(await caps.acquire(cap('b', 2))).not.toBeNull();
    held[0]!.release();
    held[0]!.release();
    expect(caps.count('a')).toBe(1);
    expect(await caps.acquire(cap('a', 2))).not.toBeNull();
    expect(await caps.acquire(cap('a', 2))).toBeNull();
  });

  it('take a place under every cap or none (a device’s and its address’s)', async () => {
    const caps = new ConcurrentCaps(null, log);
    expect(await caps.acquire([cap('device:1', 3), cap('address', 4)])).not.toBeNull();
    expect(await caps.acquire([cap('device:2', 3), cap('address', 4)])).not.toBeNull();
    expect(await caps.acquire([cap('device:2', 3), cap('address', 4)])).not.toBeNull();
    expect(await caps.acquire([cap('device:2', 3), cap('address', 4)])).not.toBeNull();
    // The address is full: device 3 takes nothing, not even under its own key.
    expect(await caps.acquire([cap('device:3', 3), cap('address', 4)])).toBeNull();
    expect(caps.count('device:3')).toBe(0);
    expect(caps.count('address')).toBe(4);
  });

  it('let a slot’s second holder take its first one’s place, which is told and frees nothing', async () => {
    const caps = new ConcurrentCaps(null, log);
    let lost = 0;
    const first = await caps.acquire(cap('socket', 1), { slot: 'phone:tab', onLost: () => lost++ });
    const second = await caps.acquire(cap('socket', 1), { slot: 'phone:tab' });
    expect(second).not.toBeNull();
    expect(lost).toBe(1);
    first!.release();
    expect(caps.count('socket')).toBe(1);
    expect(await caps.acquire(cap('socket', 1), { slot: 'other:tab' })).toBeNull();
  });
});

// With Redis (as in production with several processes): one cap for every process.
describe.runIf(process.env.TEST_REDIS_URL)('concurrent places through Redis', () => {
  const clients = [createClient({ url: process.env.TEST_REDIS_URL }), createClient({ url: process.env.TEST_REDIS_URL })];
  const key = () => `test:${Date.now()}:${Math.random()}`;
  beforeAll(async () => {
    await Promise.all(clients.map((c) => c.connect()));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });
  const processes = (ttlMs?: number) => clients.map((c) => new ConcurrentCaps(c as unknown as RedisClient, log, ttlMs));

  it('are one cap for two processes', async () => {
    const [a, b] = processes();
    const k = key();
    const first = await a!.acquire(cap(k, 2));
    expect(await b!.acquire(cap(k, 2))).not.toBeNull();
    expect(await b!.acquire(cap(k, 2))).toBeNull();
    first!.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(await b!.acquire(cap(k, 2))).not.toBeNull();
    a!.close();
    b!.close();
  });

  it('give a dead process’s places back within their time to live while the living keep theirs', async () => {
    const [dead, alive] = processes(900);
    const k = key();
    expect(await dead!.acquire(cap(k, 2))).not.toBeNull();
    const kept = await alive!.acquire(cap(k, 2));
    expect(await alive!.acquire(cap(k, 2))).toBeNull();
    // The first process stops refreshing, as one killed does; the second refreshes every 300 ms.
    dead!.close();
    await new Promise((r) => setTimeout(r, 1300));
    expect(await alive!.acquire(cap(k, 2))).not.toBeNull();
    expect(await alive!.acquire(cap(k, 2))).toBeNull();
    kept!.release();
    alive!.close();
  });

  it('let a phone reconnecting on another process take over its own place, the first process told at its refresh', async () => {
    const [a, b] = processes(900);
    const k = key();
    let lost = 0;
    const first = await a!.acquire(cap(k, 1), { slot: 'device:1:tab', onLost: () => lost++ });
    expect(first).not.toBeNull();
    expect(await b!.acquire(cap(k, 1), { slot: 'device:2:tab' })).toBeNull();
    const second = await b!.acquire(cap(k, 1), { slot: 'device:1:tab' });
    expect(second).not.toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(lost).toBe(1);
    // The first holder's late release frees nothing of the second's.
    first!.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(await b!.acquire(cap(k, 1), { slot: 'device:2:tab' })).toBeNull();
    second!.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(await b!.acquire(cap(k, 1), { slot: 'device:2:tab' })).not.toBeNull();
    a!.close();
    b!.close();
  });
});
