import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast, buildUser } from '../../../test/helpers/factories';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  const people: Array<[string, string, string]> = [
    ['João', 'Silva', '0411000001'], ['Maria', 'Gonçalves', '0411000002'], ['Zoe', 'Adams', '0411000003'],
    ['=cmd', 'Formula', '0411000004'], ['Bruno', 'Émile', '0411000005'],
  ];
  for (const [firstName, lastName, phone] of people) {
    await buildUser(t.ctx.db, 'member', { churchId: cast.church.id, firstName, lastName, phone });
  }
  await buildUser(t.ctx.db, 'member', { churchId: cast.otherChurch.id, firstName: 'Joana', lastName: 'Outsider' });
});
afterAll(async () => { await t.close(); });

const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

describe('GET /users — the list machinery', () => {
  it('finds a person ignoring letter case and accents ("joao" finds João)', async () => {
    const res = await get('/api/v1/users?q=joao', cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { firstName: string }) => p.firstName)).toEqual(['João']);
    const accented = await get(`/api/v1/users?q=${encodeURIComponent('GONÇ')}`, cast.churchAdmin.cookie);
    expect(accented.json().items.map((p: { lastName: string }) => p.lastName)).toEqual(['Gonçalves']);
    const byPhone = await get('/api/v1/users?q=0411000003', cast.churchAdmin.cookie);
    expect(byPhone.json().items.map((p: { firstName: string }) => p.firstName)).toEqual(['Zoe']);
  });

  it('keeps a church admin to their own church, and lets a platform admin filter by church', async () => {
    const own = await get('/api/v1/users?q=jo&pageSize=100', cast.churchAdmin.cookie);
    expect(own.json().items.map((p: { firstName: string }) => p.firstName)).toEqual(['João']);
    const all = await get('/api/v1/users?q=jo&sort=firstName', cast.platformAdmin.cookie);
    expect(all.json().items.map((p: { firstName: string }) => p.firstName)).toEqual(['Joana', 'João']);
    const filtered = await get(`/api/v1/users?q=jo&churchId=${cast.otherChurch.id}`, cast.platformAdmin.cookie);
    expect(filtered.json().items.map((p: { firstName: string }) => p.firstName)).toEqual(['Joana']);
  });

  it('sorts by a column both ways and pages with a total', async () => {
    const asc = (await get('/api/v1/users?sort=lastName&pageSize=3&role=member', cast.churchAdmin.cookie)).json();
    expect(asc.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Adams', 'Émile', 'Formula']);
    expect(asc.total).toBe(6);
    const page2 = (await get('/api/v1/users?sort=lastName&pageSize=3&page=2&role=member', cast.churchAdmin.cookie)).json();
    expect(page2.items).toHaveLength(3);
    const desc = (await get('/api/v1/users?sort=-lastName&pageSize=1&role=member', cast.churchAdmin.cookie)).json();
    expect(desc.items[0].lastName).toBe('Tester');
  });

  it('reads pages in the back half from the other end without changing what a page holds', async () => {
    for (const sort of ['lastName', '-lastName', '-createdAt', 'churchName']) {
      const all = (await get(`/api/v1/users?sort=${sort}&pageSize=100`, cast.platformAdmin.cookie)).json().items.map((p: { id: string }) => p.id);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
        paged.push(...(await get(`/api/v1/users?sort=${sort}&pageSize=3&page=${page}`, cast.platformAdmin.cookie)).json().items.map((p: { id: string }) => p.id));
      }
      expect(paged, sort).toEqual(all);
    }
    const beyond = (await get('/api/v1/users?page=99', cast.churchAdmin.cookie)).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBeGreaterThan(0);
  });

  it('refuses a sort column outside the list (400 on sort) and a page size over 100', async () => {
    const res = await get('/api/v1/users?sort=passwordHash', cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'sort' })]);
    expect((await get('/api/v1/users?pageSize=101', cast.churchAdmin.cookie)).statusCode).toBe(400);
  });

  it('exports the same query as CSV with a header row and formula cells neutralised', async () => {
    for (const res of [
      await get('/api/v1/users?sort=lastName&role=member', cast.churchAdmin.cookie, { accept: 'text/csv' }),
      await get('/api/v1/users/export.csv?sort=lastName&role=member', cast.churchAdmin.cookie),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toMatch(/^firstName,lastName,email,phone/);
      expect(lines).toHaveLength(7);
      expect(lines[1]).toMatch(/^Zoe,Adams/);
      expect(lines.find((l) => l.includes('Formula'))).toMatch(/^'=cmd,Formula/);
      expect(res.body).not.toContain('Outsider');
      expect(res.body).not.toMatch(/passwordHash|argon2/);
    }
  });

  it('refuses members (403) and people signed out (401)', async () => {
    expect((await get('/api/v1/users', cast.member.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
  });
});
