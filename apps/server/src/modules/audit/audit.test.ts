import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@app/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast, buildUser } from '../../../test/helpers/factories';
import { writeAudit } from '../../lib/audit';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  await writeAudit(t.ctx.db, cast.otherAdmin.user, { action: 'person.updated', targetType: 'user', targetId: cast.otherMember.user.id, churchId: cast.otherChurch.id });
});
afterAll(async () => { await t.close(); });

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });
type Entry = { id: string; action: string; targetId: string | null; actorId: string | null; churchId: string | null; actorName: string | null };

describe('GET /audit', () => {
  it('shows a failed sign-in repeated until the email is locked, once', async () => {
    const victim = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: victim.email, password: 'wrong-password' } });
    }
    const res = (await get('/audit?action=auth.sign_in_locked', cast.churchAdmin.cookie)).json();
    expect(res.items).toEqual([expect.objectContaining({ targetId: victim.id, actorId: null, churchId: cast.church.id })]);
    expect(JSON.stringify(res.items[0])).not.toContain('wrong-password');
  });

  it('shows role changes and pay reveals with who did them', async () => {
    const person = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${person.id}`, headers: { cookie: cast.churchAdmin.cookie }, payload: { role: 'staff' } });
    await t.app.inject({ method: 'POST', url: `/api/v1/staff/${person.id}/payroll/reveal`, headers: { cookie: cast.churchAdmin.cookie } });
    const items: Entry[] = (await get(`/audit?targetId=${person.id}&sort=at`, cast.churchAdmin.cookie)).json().items;
    expect(items.map((e) => e.action)).toEqual(expect.arrayContaining(['person.role_changed', 'staff.payroll_revealed']));
    expect(items.every((e) => e.actorName === 'Tess Tester')).toBe(true);
  });

  it('keeps a church admin to their own church and lets a platform admin see and filter every church', async () => {
    const own: Entry[] = (await get('/audit?pageSize=100', cast.churchAdmin.cookie)).json().items;
    expect(own.every((e) => e.churchId === cast.church.id)).toBe(true);
    const all = (await get(`/audit?churchId=${cast.otherChurch.id}`, cast.platformAdmin.cookie)).json();
    expect(all.items.map((e: Entry) => e.actorId)).toEqual([cast.otherAdmin.user.id]);
    expect((await get(`/audit?actorId=${cast.otherAdmin.user.id}`, cast.platformAdmin.cookie)).json().total).toBe(1);
    expect((await get('/audit?from=2999-01-01', cast.platformAdmin.cookie)).json().total).toBe(0);
  });

  it('is not for staff or members', async () => {
    expect((await get('/audit', cast.staff.cookie)).statusCode).toBe(403);
    expect((await get('/audit', cast.member.cookie)).statusCode).toBe(403);
    expect((await get('/audit', '')).statusCode).toBe(401);
  });

  it('offers no way to change or delete an entry', async () => {
    const [entry] = (await get('/audit', cast.platformAdmin.cookie)).json().items as Entry[];
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/audit/${entry!.id}`, headers: { cookie: cast.platformAdmin.cookie }, payload: { action: 'nothing' } });
      expect(res.statusCode).toBe(404);
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/audit', headers: { cookie: cast.platformAdmin.cookie }, payload: { action: 'forged' } });
    expect(post.statusCode).toBe(404);
    expect((await get(`/audit?action=forged`, cast.platformAdmin.cookie)).json().total).toBe(0);
  });

  it('exports the same query as CSV', async () => {
    const res = await get('/audit/export.csv?action=person.updated', cast.platformAdmin.cookie);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('person.updated');
  });
});
