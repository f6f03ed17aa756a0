import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCast } from '../../../test/helpers/factories';
import { has, parseExposition, valueOf } from '../../../test/helpers/prometheus';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { routesWithAccess } from '../../lib/access';

const TOKEN = 'f3a1c9e07b5d42a8b6e1d0c3f9a7e5b2c4d6e8f0a1b3c5d7';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  cast = await buildCast(t.ctx.db);
});
afterAll(async () => { await t.close(); });

const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
const samples = async () => {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
};

describe('/metrics', () => {
  it('declares its access rule like every route', () => {
    expect(routesWithAccess(t.app)).toContainEqual({ method: 'GET', url: '/metrics', requires: 'metrics-token' });
  });

  it('is closed without the token, and with a wrong one or a wrong scheme', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it("answers with the token in Prometheus' text format, the process's own figures included", async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE caption_delivery_seconds histogram');
    const all = parseExposition(res.body);
    expect(valueOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(has(all, 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(has(all, 'nodejs_heap_size_used_bytes')).toBe(true);
    for (const job of ['purge', 'digest', 'backup']) {
      expect(has(all, 'job_runs_total', { job }), job).toBe(true);
      expect(has(all, 'job_failures_total', { job }), job).toBe(true);
    }
    expect(valueOf(all, 'last_good_backup_timestamp_seconds')).toBe(0);
    expect(valueOf(all, 'live_sermons', { status: 'live' })).toBe(0);
    expect(has(all, 'socketio_connections', { namespace: '/live' })).toBe(true);
  });

  it('is not rate limited: a run of failed tries never locks Prometheus out', async () => {
    for (let i = 0; i < 120; i++) expect((await scrape('Bearer wrong-token-wrong-token-wrong-token')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('counts requests by route template and status, never by raw URL', async () => {
    const before = await samples();
    const id = cast.member.user.id;
    const route = { method: 'GET', route: '/api/v1/users/:id' };
    await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: { cookie: cast.churchAdmin.cookie } });
    await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: { cookie: cast.churchAdmin.cookie } });
    await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/12345' });
    const after = await samples();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('http_requests_total', { ...route, status: '200' })).toBe(2);
    expect(delta('http_requests_total', { ...route, status: '401' })).toBe(1);
    expect(delta('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(delta('http_request_duration_seconds_count', route)).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(valueOf(after, 'http_request_duration_seconds_count', route));
    const text = after.map((s) => JSON.stringify(s.labels)).join('\n');
    expect(text).not.toContain(id);
    expect(text).not.toContain('12345');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers 404: the metrics are off, and nothing is served in their place', async () => {
    const plain = await createTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found', detail: expect.stringContaining('METRICS_TOKEN') });
      }
    } finally {
      await plain.close();
    }
  });
});
