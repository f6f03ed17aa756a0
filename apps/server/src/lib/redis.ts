import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createClient, type RedisClientType } from 'redis';

export type RedisClient = RedisClientType;

/** Connects to REDIS_URL; start-up fails plainly when Redis does not answer. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisClient> {
  // node-redis fails a command after 5 s by default; a process busy fanning out to thousands of
  // sockets can stall its event loop for longer, and the adapter's fire-and-forget publishes must
  // not then fail (its own blocking reads wait 5 s). Duplicates (the adapter's) inherit this.
  // Reconnecting: node-redis backs off to 2 s between tries; while a connection is down every
  // caption waits for the adapter's publish (decision 054), so a Redis back from a restart is found
  // within half a second instead of up to two (a try every 0.5 s costs Redis nothing).
  const client: RedisClient = createClient({ url, commandOptions: { timeout: 30_000 }, socket: { reconnectStrategy: reconnectWithin500ms } });
  // Without a listener an 'error' event would crash the process; the client reconnects by itself.
  client.on('error', (err) => log.warn({ err }, 'redis connection error'));
  await client.connect();
  return client;
}

/** Waits 50, 100, 200, 400, then 500 ms between tries, with up to 100 ms of jitter (processes apart). */
export function reconnectWithin500ms(retries: number): number {
  return Math.min(50 * 2 ** retries, 500) + Math.floor(Math.random() * 100);
}

/**
 * @fastify/rate-limit's store on our Redis client (its built-in Redis store wants ioredis): one
 * counter per key for the whole cluster, expiring with its window.
 */
export function redisRateLimitStore(redis: RedisClient): FastifyRateLimitStoreCtor {
  class RedisRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'rate-limit:') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const name = this.prefix + key;
      redis
        .multi()
        .incr(name)
        // NX: the window starts with the first request and is not pushed back by later ones.
        .pExpire(name, timeWindow, 'NX')
        .pTTL(name)
        .exec()
        .then((replies) => callback(null, { current: Number(replies[0]), ttl: Math.max(0, Number(replies[2])) }))
        .catch((err: Error) => callback(err));
    }

    // Typed as the route, but at run time the plugin hands the merged limit options with the route
    // as `routeInfo` (its own Redis store reads that): `path` and `prefix` were undefined, so every
    // limited route shared one counter. A limit made with `app.rateLimit()` has no route: 'shared'.
    child(routeOptions: { path: string; prefix: string }): FastifyRateLimitStore {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = info?.url ? `${info.method ?? ''}${info.url}` : 'shared';
      return new RedisRateLimitStore(`${this.prefix}${route}:`);
    }
  }
  return RedisRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
