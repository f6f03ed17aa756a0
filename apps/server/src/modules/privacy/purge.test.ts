import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { storedImageNames } from '../../../test/helpers/uploads';
import {
  accountInvitations, deletionRequests, feedback, followUps, listenerSessions, loginFailures, passwordResetCodes, salvations, sermons, staffDetails, users,
} from '../../db/schema';
import { outboxFor } from '../auth/test-outbox';
import { runPrivacyJobs } from './privacy-jobs';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let sermonId: string;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  const [s] = await t.ctx.db.insert(sermons).values({ broadcastId: 'purgetest1', churchId: cast.church.id, sourceLanguage: 'en', status: 'ended' }).returning();
  sermonId = s!.id;
});
afterAll(async () => { await t.close(); });

const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

/** What the church's analytics count: listeners, feedback, new members, salvations. */
async function churchTotals(churchId: string) {
  const [r] = rows<Record<string, number>>(await t.ctx.db.execute(sql`select
    (select count(*)::int from listener_sessions l join sermons s on s.id = l.sermon_id where s.church_id = ${churchId}) as listeners,
    (select count(*)::int from feedback where church_id = ${churchId}) as feedback,
    (select count(*)::int from users where church_id = ${churchId}) as people,
    (select count(*)::int from users where church_id = ${churchId} and accepted_jesus) as accepted,
    (select count(*)::int from salvations where church_id = ${churchId}) as salvations,
    (select count(*)::int from follow_ups where church_id = ${churchId}) as followUps`));
  return r;
}

/** Every text of every row of every table of the database, to search for what must be gone. */
async function wholeDatabaseText(): Promise<string> {
  const tables = rows<{ table_name: string }>(await t.ctx.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`));
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const all = rows<{ r: string }>(await t.ctx.db.execute(sql.raw(`select t::text as r from "${table_name}" t`)));
    parts.push(...all.map((x) => x.r));
  }
  return parts.join('\n');
}

/** A person with something in every table the purge must reach. */
async function personWithEverything(role: 'member' | 'staff', tag: string) {
  const photo = `${tag.padEnd(22, 'x').slice(0, 22)}.webp`;
  await t.ctx.blobs.put(`images/${photo}`, { data: Buffer.from('image bytes'), contentType: 'image/webp' });
  const user = await buildUser(t.ctx.db, role, {
    churchId: cast.church.id, email: `${tag}@example.com`, firstName: `Zeb${tag}`, lastName: 'Quixotic', phone: '0498765432',
    suburb: 'Wollongong', address: '9 Hidden Lane', photoPath: photo, faithLevel: 'activelyexploring', broughtBy: 'Auntie Flo',
    acceptedJesus: true, acceptedJesusAt: new Date(), primaryLanguage: 'indonesian',
  });
  const cookie = await sessionCookie(t.ctx.db, user.id);
  await t.ctx.db.insert(listenerSessions).values({ sermonId, userId: user.id, language: 'id', status: 'inactive', durationSeconds: 600 });
  await t.ctx.db.insert(feedback).values({ userId: user.id, churchId: cast.church.id, type: 'GeneralFeedback', comment: `Great service, ${tag} Quixotic here`, sermonId, language: 'id' });
  await t.ctx.db.insert(passwordResetCodes).values({ userId: user.id, codeHash: 'h', expiresAt: new Date(Date.now() + DAY) });
  await t.ctx.db.insert(accountInvitations).values({ userId: user.id, tokenHash: `tok-${tag}`, expiresAt: new Date(Date.now() + DAY) });
  await t.ctx.db.insert(loginFailures).values({ email: user.email });
  const [decision] = await t.ctx.db.insert(salvations).values({ churchId: cast.church.id, sermonId, userId: user.id, language: 'id', firstName: user.firstName, contact: '0498765432', consentedAt: new Date() }).returning();
  await t.ctx.db.insert(followUps).values({ salvationId: decision!.id, churchId: cast.church.id, notes: 'Called Quixotic family on Sunday' });
  if (role === 'staff') {
    await t.ctx.db.insert(staffDetails).values({ userId: user.id, workEmail: `${tag}@work.example`, notes: 'Plays bass' }).onConflictDoNothing();
  }
  return { user, cookie, photo };
}

describe('the purge job, with a moved clock', () => {
  it('at day 30 an approved person’s data is gone from every table and file, and the church’s totals are unchanged', async () => {
    const a = await personWithEverything('member', 'zmember01');
    const b = await personWithEverything('staff', 'zstaff002');
    const idA = (await inject('POST', '/me/deletion-request', a.cookie, { reason: 'other', details: 'My cousin Quixotic told me to' })).json().id;
    await inject('POST', '/me/deletion-request', b.cookie, { reason: 'privacy_concerns' });
    const before = await churchTotals(cast.church.id);
    const sent = vi.spyOn(t.ctx.mailer, 'send');

    expect((await inject('POST', `/deletion-requests/${idA}/approve`, cast.churchAdmin.cookie)).statusCode).toBe(200);
    // The approved one is purged at the next run; the unreviewed one waits for review until day 30.
    const first = await runPrivacyJobs(t.ctx, new Date(Date.now() + 60 * 60_000));
    expect(first).toMatchObject({ ran: true, purged: 1, carriedOut: 0 });
    const day30 = await runPrivacyJobs(t.ctx, new Date(Date.now() + 30 * DAY));
    expect(day30).toMatchObject({ ran: true, carriedOut: 1, purged: 1 });

    const everything = await wholeDatabaseText();
    for (const p of [a, b]) {
      for (const trace of [p.user.email, p.user.firstName, 'Quixotic', '0498765432', '9 Hidden Lane', 'Auntie Flo', p.photo]) {
        expect(everything).not.toContain(trace);
      }
    }
    expect(everything).not.toContain('zstaff002@work.example');
    // The comments' words are gone; the feedback rows (the counts) stay.
    expect(everything).not.toContain('Great service');
    expect(await t.ctx.db.select({ comment: feedback.comment }).from(feedback).where(eq(feedback.userId, a.user.id))).toEqual([{ comment: '' }]);
    expect(await storedImageNames(t.ctx.db)).not.toContain(a.photo);
    expect(await storedImageNames(t.ctx.db)).not.toContain(b.photo);
    expect(await churchTotals(cast.church.id)).toEqual(before);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ accountStatus: 'disabled', faithLevel: null, acceptedJesus: true, churchId: cast.church.id });
    expect(row!.purgedAt).not.toBeNull();
    expect(await t.ctx.db.select().from(staffDetails).where(eq(staffDetails.userId, b.user.id))).toEqual([]);
    // The decision stays, as an anonymous count (the forgetPersonSalvations step, decision 014).
    expect(await t.ctx.db.select().from(salvations).where(eq(salvations.userId, a.user.id))).toEqual([]);
    // The last message went to the address before it was erased, and no file of the data folder
    // (the development outbox included) names them any more.
    expect(sent.mock.calls.filter(([m]) => m.to === a.user.email).at(-1)![0].subject).toBe('Data pribadi Anda telah dihapus');
    sent.mockRestore();
    const files = (await readdir(t.config.DATA_DIR, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    expect(files.some((f) => f.parentPath.endsWith('outbox'))).toBe(true);
    for (const f of files) {
      const text = path.join(f.parentPath, f.name) + (await readFile(path.join(f.parentPath, f.name), 'latin1'));
      for (const p of [a, b]) expect(text).not.toContain(p.user.email);
    }
    // Purges appear in the audit log, without names.
    const audit = (await inject('GET', `/audit?action=person.purged&targetId=${a.user.id}`, cast.churchAdmin.cookie)).json();
    expect(audit.total).toBe(1);
    // A person already purged is not purged twice, and a purged person is in no list of people.
    expect(await runPrivacyJobs(t.ctx, new Date(Date.now() + 31 * DAY))).toMatchObject({ purged: 0 });
    const people = (await inject('GET', '/users?pageSize=100', cast.churchAdmin.cookie)).json();
    expect(people.items.map((p: { id: string }) => p.id)).not.toContain(a.user.id);
  });

  it('raises a request nobody reviewed within 14 days to the platform admins, once', async () => {
    const m = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    await inject('POST', '/me/deletion-request', await sessionCookie(t.ctx.db, m.id), { reason: 'no_longer_needed' });
    const day13 = await runPrivacyJobs(t.ctx, new Date(Date.now() + 13 * DAY));
    expect(day13.escalated).toBe(0);
    const day14 = await runPrivacyJobs(t.ctx, new Date(Date.now() + 14 * DAY + 60_000));
    expect(day14.escalated).toBe(1);
    const mails = await outboxFor(t.config.DATA_DIR, cast.platformAdmin.user.email);
    expect(mails.map((x) => x.subject)).toContain('An account deletion request has waited 14 days');
    expect((await runPrivacyJobs(t.ctx, new Date(Date.now() + 15 * DAY))).escalated).toBe(0);
    const [request] = await t.ctx.db.select().from(deletionRequests).where(eq(deletionRequests.userId, m.id));
    expect(request!.escalatedAt).not.toBeNull();
    expect(request!.status).toBe('pending');
  });

  it('does the work once when two runs start together', async () => {
    const m = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    const id = (await inject('POST', '/me/deletion-request', await sessionCookie(t.ctx.db, m.id), { reason: 'no_longer_needed' })).json().id;
    await inject('POST', `/deletion-requests/${id}/approve`, cast.churchAdmin.cookie);
    const runs = await Promise.all([runPrivacyJobs(t.ctx), runPrivacyJobs(t.ctx)]);
    expect(runs.reduce((n, r) => n + r.purged, 0)).toBe(1);
    const purges = await t.ctx.db.execute(sql`select count(*)::int as n from audit_log where action = 'person.purged' and target_id = ${m.id}`);
    expect(rows<{ n: number }>(purges)[0]!.n).toBe(1);
  });
});
