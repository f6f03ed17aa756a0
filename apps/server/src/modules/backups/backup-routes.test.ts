import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupEntry, BackupList } from '@app/shared';
import { auditLog } from '../../db/schema';
import { backUpNow } from '../../../test/helpers/backups';
import { buildCast, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { authenticator } from '../../../test/helpers/totp';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let backup: BackupEntry;

beforeAll(async () => {
  t = await createTestApp({}, { onDisk: true });
  cast = await buildCast(t.ctx.db);
  backup = await backUpNow(t, cast.platformAdmin.cookie);
  // The authenticator app's codes move the clock on (Date only), a step per code.
  vi.useFakeTimers({ toFake: ['Date'] });
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function enrol(cookie: string) {
  const start = await call('POST', '/api/v1/me/two-step', cookie);
  const app = authenticator(start.json().secret);
  expect((await call('POST', '/api/v1/me/two-step/confirm', cookie, { code: app.nextCode() })).statusCode).toBe(200);
  return app;
}

const others = () => [cast.churchAdmin.cookie, cast.staff.cookie, cast.member.cookie, cast.otherAdmin.cookie];

describe('the Backups API', () => {
  it('lists the backups, their place and schedule to platform administrators only', async () => {
    const res = await call('GET', '/api/v1/backups', cast.platformAdmin.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as BackupList;
    expect(list.schedule).toEqual({ time: '02:00 Australia/Sydney', keep: 14, place: 'folder', location: expect.stringMatching(/backups$/) });
    expect(list.items[0]).toMatchObject({ id: backup.id, state: 'good', trigger: 'manual', sizeBytes: backup.sizeBytes });
    for (const cookie of others()) {
      expect((await call('GET', '/api/v1/backups', cookie)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/backups/status', cookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/backups', cookie)).statusCode).toBe(403);
      expect((await call('POST', `/api/v1/backups/${backup.id}/download`, cookie, {})).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v1/backups')).statusCode).toBe(401);
  });

  it('backs up now once at a time, and writes who started it to the audit log', { timeout: 120_000 }, async () => {
    const first = await call('POST', '/api/v1/backups', cast.platformAdmin.cookie);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ state: 'running', trigger: 'manual', progress: 0 });
    const second = await call('POST', '/api/v1/backups', cast.platformAdmin.cookie);
    expect(second.statusCode).toBe(409);
    const running = (await call('GET', '/api/v1/backups', cast.platformAdmin.cookie)).json() as BackupList;
    expect(running.items.find((i) => i.id === first.json().id)?.state).toBe('running');
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'backup.started'), eq(auditLog.targetId, first.json().id)));
    expect(audit?.actorId).toBe(cast.platformAdmin.user.id);
    for (;;) {
      const list = (await call('GET', '/api/v1/backups', cast.platformAdmin.cookie)).json() as BackupList;
      if (!list.items.some((i) => i.state === 'running')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await call('GET', '/api/v1/backups/status', cast.platformAdmin.cookie)).json()).toMatchObject({ lastGoodAt: expect.any(String), failed: null });
  });

  it('downloads a backup only after a fresh code from the authenticator app, and audits the download', async () => {
    const url = `/api/v1/backups/${backup.id}/download`;
    const admin = cast.platformAdmin;
    // Without two-step sign-in, whatever ADMIN_TWO_STEP says: a backup holds every church's data.
    expect((await call('POST', url, admin.cookie, {})).json()).toMatchObject({ code: 'two_step_required' });
    const app = await enrol(admin.cookie);
    expect((await call('POST', url, admin.cookie, {})).json()).toMatchObject({ code: 'two_step_code_needed' });
    const wrong = await call('POST', url, admin.cookie, { code: app.wrongCode() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('two_step_code_invalid');
    // A code given a moment ago for something else does not count: each download asks again.
    const link = await call('POST', url, admin.cookie, { code: app.nextCode() });
    expect(link.statusCode).toBe(200);
    expect((await call('POST', url, admin.cookie, {})).json()).toMatchObject({ code: 'two_step_code_needed' });

    const file = await call('GET', link.json().url, admin.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${backup.id}"`);
    expect(file.rawPayload.equals(await readFile(backup.location!))).toBe(true);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'backup.downloaded'), eq(auditLog.targetId, backup.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(admin.user.id);

    // The link is the person's own, and for a minute.
    const colleague = await buildUser(t.ctx.db, 'platform_admin');
    expect((await call('GET', link.json().url, await sessionCookie(t.ctx.db, colleague.id))).statusCode).toBe(403);
    expect((await call('GET', link.json().url, cast.churchAdmin.cookie)).statusCode).toBe(403);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await call('GET', link.json().url, admin.cookie)).json()).toMatchObject({ status: 403, detail: expect.stringMatching(/expired/) });
    expect((await call('GET', '/api/v1/backups/download?token=forged', admin.cookie)).statusCode).toBe(403);
  });

  it('answers 404 for a backup that is not there, whatever the name', async () => {
    for (const name of ['sermon-translate-2020-01-01T00-00-00Z-abcdef.stbackup', '..%2Fsecrets.key', 'control.json']) {
      expect((await call('POST', `/api/v1/backups/${name}/download`, cast.platformAdmin.cookie, {})).statusCode).toBe(404);
    }
  });
});
