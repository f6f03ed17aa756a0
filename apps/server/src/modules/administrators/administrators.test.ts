import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser } from '../../../test/helpers/factories';

const app = useCastApp();
const { call } = app;

let n = 0;
const newAdmin = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Helen', lastName: 'Walker', email: `helen.${++n}.${Date.now()}@example.com`, password: 'quiet-harbour7',
  phone: '0298765432', address: '10 Church St', suburb: 'Chatswood', churchId: app.cast.church.id, ...overrides,
});

describe('/administrators', () => {
  it('is for platform admins only', async () => {
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) {
      expect((await call('GET', '/administrators', who.cookie)).statusCode).toBe(403);
      expect((await call('POST', '/administrators', who.cookie, newAdmin())).statusCode).toBe(403);
    }
  });

  it('adds a church administrator who belongs to exactly one church', async () => {
    const noChurch = await call('POST', '/administrators', app.cast.platformAdmin.cookie, newAdmin({ churchId: null }));
    expect(noChurch.statusCode).toBe(400);
    expect(noChurch.json().errors).toEqual([expect.objectContaining({ field: 'churchId', key: 'validation.churchAdminNeedsChurch' })]);
    const res = await call('POST', '/administrators', app.cast.platformAdmin.cookie, newAdmin());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: 'church_admin', churchId: app.cast.church.id, suburb: 'Chatswood' });
    const list = (await call('GET', '/administrators?q=helen', app.cast.platformAdmin.cookie)).json();
    expect(list.items.map((a: { id: string }) => a.id)).toContain(res.json().id);
  });

  it('answers every broken rule at once', async () => {
    const res = await call('POST', '/administrators', app.cast.platformAdmin.cookie, { firstName: '1', lastName: '', email: 'x', phone: '1', suburb: 'A$', password: '1' });
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['churchId', 'email', 'firstName', 'lastName', 'password', 'phone', 'suburb']);
  });

  it('never lets an admin delete or demote themselves', async () => {
    const del = await call('DELETE', `/administrators/${app.cast.platformAdmin.user.id}`, app.cast.platformAdmin.cookie);
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe('self_change');
    const demote = await call('PATCH', `/administrators/${app.cast.platformAdmin.user.id}`, app.cast.platformAdmin.cookie, { role: 'church_admin', churchId: app.cast.church.id });
    expect(demote.json().code).toBe('self_change');
  });

  it('protects the last platform admin and lets another be removed', async () => {
    const second = await buildUser(app.t.ctx.db, 'platform_admin');
    expect((await call('DELETE', `/administrators/${second.id}`, app.cast.platformAdmin.cookie)).statusCode).toBe(204);
    const audit = await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, second.id));
    expect(audit.map((a) => a.action)).toEqual(['administrator.deleted']);
    // Only app.cast.platformAdmin is left: a demotion by anyone, even through another route, is refused.
    const others = await app.t.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'platform_admin'));
    expect(others).toHaveLength(1);
    const third = await buildUser(app.t.ctx.db, 'platform_admin');
    const demoteThird = await call('PATCH', `/administrators/${third.id}`, app.cast.platformAdmin.cookie, { role: 'member' });
    expect(demoteThird.json().role).toBe('member');
  });

  it('edits an administrator and moves them to another church', async () => {
    const res = await call('PATCH', `/administrators/${app.cast.otherAdmin.user.id}`, app.cast.platformAdmin.cookie, { churchId: app.cast.church.id, suburb: 'Ryde' });
    expect(res.json()).toMatchObject({ churchId: app.cast.church.id, suburb: 'Ryde' });
    expect((await call('GET', `/administrators/${app.cast.member.user.id}`, app.cast.platformAdmin.cookie)).statusCode).toBe(404);
  });
});
