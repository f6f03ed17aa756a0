import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestForLog } from './request-log';

describe('the request log', () => {
  it('keeps a request’s path, never what was searched for in its query', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString()); done(); } });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestForLog } } });
    app.get('/api/v1/users', async () => ({ items: [] }));
    await app.inject({ method: 'GET', url: '/api/v1/users?q=zoe.obrien%40example.com&page=1' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/api/v1/users"');
    expect(log).not.toMatch(/obrien/i);
  });
});
