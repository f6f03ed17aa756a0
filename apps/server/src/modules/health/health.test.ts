import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../lib/errors';
import { eventually, settle } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('health and API conventions', () => {
  it('reports ok with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite', version: expect.any(String) });
  });

  it('answers an unknown API path with problem+json 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', type: '/problems/not_found' });
  });

  it('publishes an OpenAPI 3 document listing the health route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/health']).toBeDefined();
  });

  it('compresses JSON above a kilobyte for a client that accepts it, and leaves a small answer as it is', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gzipped = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });

  it('serves browsable API docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html');
  });

  it('refuses a mutating request from a foreign origin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('foreign_origin');
  });
});

describe('readiness (/api/v1/ready)', () => {
  it('is ready when the database answers, with Redis not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', db: 'ok', redis: 'not configured' });
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const closing = await createTestApp();
    try {
      await closing.database.close();
      const res = await closing.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', db: 'failed', redis: 'not configured' });
    } finally {
      // Closed above already: the app's own close must not close it twice.
      closing.database.close = async () => {};
      await closing.close();
    }
  });
});

/**
 * A loopback TCP relay in front of the test Redis that can stop passing commands on, as a Redis
 * that is stopped (SIGSTOP) or hung looks to its clients: connections stay open, nothing answers.
 */
async function redisRelay(target: URL) {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let held = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    for (const s of [client, upstream]) {
      s.on('error', () => s.destroy());
      s.on('close', () => { pairs.delete(pair); client.destroy(); upstream.destroy(); });
    }
    upstream.pipe(client);
    if (held) client.pause();
    else client.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    /** Commands wait in the relay from now on. */
    hold() {
      held = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        client.pause();
      }
    },
    /** The waiting commands go on to Redis, and every later one. */
    release() {
      held = false;
      for (const { client, upstream } of pairs) client.pipe(upstream);
    },
    close() {
      server.close();
      for (const { client } of pairs) client.destroy();
    },
  };
}

// Needs a Redis (TEST_REDIS_URL, as the cluster tests); .ci/run sets it when one answers on loopback.
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('readiness with Redis', () => {
  it('answers 503 naming Redis while it does not answer, and is ready again when it does', async () => {
    const relay = await redisRelay(new URL(process.env.TEST_REDIS_URL!));
    const withRedis = await createTestApp({ REDIS_URL: relay.url });
    try {
      // The Socket.IO adapter connects its reading and subscribing clients after start-up: let it finish.
      await settle(500);
      const ready = await withRedis.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.json()).toEqual({ status: 'ready', db: 'ok', redis: 'ok' });
      relay.hold();
      const stalled = await withRedis.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(stalled.statusCode).toBe(503);
      expect(stalled.json()).toEqual({ status: 'not_ready', db: 'ok', redis: 'failed' });
      // Liveness is not readiness: the process itself is fine.
      expect((await withRedis.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      relay.release();
      await eventually(async () => {
        const res = await withRedis.app.inject({ method: 'GET', url: '/api/v1/ready' });
        expect(res.statusCode).toBe(200);
      });
    } finally {
      relay.release();
      await withRedis.close();
      relay.close();
    }
  });
});

describe('unexpected errors', () => {
  it('answers 500 problem+json with the request id and no internals, and logs the error', async () => {
    const logged: string[] = [];
    const probe = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
    registerErrorHandling(probe);
    probe.get('/api/v1/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const res = await probe.inject({ method: 'GET', url: '/api/v1/boom' });
    await probe.close();
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toMatchObject({ status: 500, code: 'internal' });
    const requestId = /request ([\w-]+)/.exec(res.json().detail)?.[1];
    expect(requestId).toBeTruthy();
    // The log line carries the details and the same request id, for whoever investigates.
    expect(logged.join('')).toContain('hunter2');
    expect(logged.join('')).toContain(requestId);
  });

  it('answers invalid input with 400 and one error per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'Please enter a valid email address', key: 'validation.emailInvalid' },
      { field: 'password', message: 'Password is required', key: 'validation.passwordRequired' },
    ]);
  });
});
