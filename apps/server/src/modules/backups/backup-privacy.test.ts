import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { configFor, emptyTarget, generatedKey, openRestored, type EmptyTarget } from '../../../test/helpers/backups';
import { buildCast, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { runPrivacyJobs } from '../privacy/privacy-jobs';
import { restoreBackup } from './restore';
import { startBackup } from './run-backup';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let leaving: Awaited<ReturnType<typeof buildUser>>;
let older: string;
let key: string;
const targets: EmptyTarget[] = [];
const backupsDir = () => path.join(t.config.DATA_DIR, 'backups');

beforeAll(async () => {
  t = await createTestApp({}, { onDisk: true });
  cast = await buildCast(t.ctx.db);
  leaving = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id, firstName: 'Leonora', lastName: 'Leaving', email: 'leonora.leaving@example.com' });
  key = await generatedKey(t);
  // The backup from before Leonora asked to be deleted.
  older = (await (await startBackup(t.ctx, { trigger: 'manual' })).done).location;
  const cookie = await sessionCookie(t.ctx.db, leaving.id);
  const asked = await t.app.inject({ method: 'POST', url: '/api/v1/me/deletion-request', headers: { cookie }, payload: { reason: 'privacy_concerns' } });
  expect(asked.statusCode).toBe(201);
  const approved = await t.app.inject({ method: 'POST', url: `/api/v1/deletion-requests/${asked.json().id}/approve`, headers: { cookie: cast.churchAdmin.cookie } });
  expect(approved.statusCode).toBe(200);
  expect((await runPrivacyJobs(t.ctx)).purged).toBe(1);
}, 120_000);
afterAll(async () => {
  await t.close();
  for (const target of targets) await target.drop();
});

/** Restores the older backup into a new target and answers what became of Leonora there. */
async function restoreOlder() {
  const target = await emptyTarget();
  targets.push(target);
  const env = { ...target.env, SECRETS_KEY: key };
  const summary = await restoreBackup({ file: older, config: configFor(env), log: () => undefined });
  const restored = await openRestored(env);
  const [person] = await restored.ctx.db.select().from(users).where(eq(users.id, leaving.id));
  const audits = await restored.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'person.purged'), eq(auditLog.targetId, leaving.id)));
  await restored.app.close();
  return { summary, person: person!, audits };
}

describe('a person whose deletion was approved', () => {
  it('stays deleted when a backup from before is restored: the note written beside the backups at approval', { timeout: 120_000 }, async () => {
    expect((await readdir(path.join(backupsDir(), 'ledger'))).length).toBeGreaterThan(0);
    const { summary, person, audits } = await restoreOlder();
    expect(summary.forgotten).toBe(1);
    expect(person).toMatchObject({ firstName: '', lastName: '', accountStatus: 'disabled', email: `deleted-${leaving.id}@deleted.invalid` });
    expect(person.purgedAt).not.toBeNull();
    expect(audits[0]?.details).toEqual({ reason: 'restore of an older backup' });
  });

  it('stays deleted through a newer backup in the same place when the notes are gone', { timeout: 120_000 }, async () => {
    await (await startBackup(t.ctx, { trigger: 'manual' })).done;
    await rm(path.join(backupsDir(), 'ledger'), { recursive: true, force: true });
    const { summary, person } = await restoreOlder();
    expect(summary.forgotten).toBe(1);
    expect(person.purgedAt).not.toBeNull();
    expect(person.email).toBe(`deleted-${leaving.id}@deleted.invalid`);
  });

  it('comes back only when nothing in the place knows of the deletion (the check above is what keeps them out)', { timeout: 120_000 }, async () => {
    for (const name of await readdir(backupsDir())) {
      if (name.endsWith('.stbackup') && path.join(backupsDir(), name) !== older) await rm(path.join(backupsDir(), name));
    }
    const { summary, person } = await restoreOlder();
    expect(summary.forgotten).toBe(0);
    expect(person).toMatchObject({ firstName: 'Leonora', email: 'leonora.leaving@example.com' });
  });
});
