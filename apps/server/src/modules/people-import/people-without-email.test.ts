import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountInvitations, passwordResetCodes, users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { importSteps } from './import-test-helpers';
import { sendImportInvitations } from './worker';

// Decision 036, "People without an email": imported as members without an account.
const app = useCastApp();
const { call } = app;
const { upload, importFile } = importSteps(app);

let n = 0;
/** Letters only: names follow spec section 5 (letters only), so a test's people are told apart by letters. */
const unique = () => `${Date.now()}${++n}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

const family = (tag: string) => [
  'First Name,Last Name,Email,Mobile,Birthdate,Suburb',
  `Ruth,Na${tag},,0412 000 001,1950-03-01,Ryde`,
  `Boaz,Na${tag},,0412000002,,Ryde`,
  // A father and son of one name sharing the home phone: told apart by their birthdays.
  `Obed,Na${tag},,0298765432,1960-01-01,Ryde`,
  `Obed,Na${tag},,0298765432,1990-06-15,Ryde`,
  // The same person twice (same name, same phone, no birthday to tell them apart).
  `Boaz,NA${tag},,0412000002,,Ryde`,
  // Without an email an unreadable phone leaves nothing to know her by (decision 042: refused).
  `Naomi,Na${tag},,123,,Ryde`,
].join('\r\n');

const peopleNamed = (tag: string) => app.t.ctx.db.select().from(users).where(eq(users.lastName, `Na${tag}`));

describe('people without an email', () => {
  it('previews them as new, refuses the same person twice in a file and keeps the other rules', async () => {
    const tag = unique();
    const up = await upload(app.cast.churchAdmin.cookie, family(tag));
    const mapping = up.json().columns.map((c: { field: string | null }) => c.field);
    const preview = await call('POST', `/people-imports/${up.json().id}/preview`, app.cast.churchAdmin.cookie, { mapping });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as Array<{ outcome: string; reasons: Array<{ key: string }> }>;
    expect(rows.map((r) => r.outcome)).toEqual(['new', 'new', 'new', 'new', 'refused', 'refused']);
    expect(rows[4]!.reasons.map((r) => r.key)).toEqual(['peopleImport.reason.samePersonInFile']);
    expect(rows[5]!.reasons.map((r) => r.key)).toEqual(['peopleImport.reason.noIdentity', 'validation.phoneExactly10']);
  });

  it('imports them with no email and no invitation; the same file again changes nothing; undo removes them', async () => {
    const tag = unique();
    const first = await importFile(app.cast.churchAdmin.cookie, family(tag), 'people.csv', true);
    expect(first.status).toMatchObject({ status: 'done', created: 4 });
    const people = await peopleNamed(tag);
    expect(people).toHaveLength(4);
    expect(people.every((p) => p.email === null && p.accountStatus === 'no_account' && p.churchId === app.cast.church.id && p.role === 'member')).toBe(true);
    expect(await sendImportInvitations(app.t.ctx, 100)).toBe(0);
    const ids = people.map((p) => p.id);
    expect(await app.t.ctx.db.select().from(accountInvitations).where(inArray(accountInvitations.userId, ids))).toHaveLength(0);
    const shown = await call('GET', `/users/${ids[0]}`, app.cast.churchAdmin.cookie);
    expect(shown.json()).toMatchObject({ email: null, status: 'no_account' });
    const listed = await call('GET', `/users?q=Na${tag}`, app.cast.churchAdmin.cookie);
    expect(listed.json().items).toHaveLength(4);

    const again = await importFile(app.cast.churchAdmin.cookie, family(tag));
    expect(again.preview.counts).toEqual({ new: 0, update: 0, unchanged: 4, refused: 2, warnings: 0 });
    expect(await peopleNamed(tag)).toHaveLength(4);
    // A new phone is an update of the person known by their birthday.
    const moved = await importFile(app.cast.churchAdmin.cookie, family(tag).replace('0412 000 001', '0412 999 999'));
    expect(moved.preview.counts).toMatchObject({ new: 0, update: 1 });

    const undo = await call('POST', `/people-imports/${first.id}/undo`, app.cast.churchAdmin.cookie);
    expect(undo.statusCode, undo.body).toBe(200);
    // Ruth was changed since (the phone), so she is kept and listed with no email.
    expect(undo.json()).toMatchObject({ removed: 3, kept: [{ email: null, why: 'changed' }] });
    expect(await peopleNamed(tag)).toHaveLength(1);
  });

  it('cannot sign in or reset a password; an email given later makes them invited and able to reset', async () => {
    const tag = unique();
    await importFile(app.cast.churchAdmin.cookie, family(tag));
    const [ruth] = (await peopleNamed(tag)).filter((p) => p.firstName === 'Ruth');
    const login = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: '', password: '!imported' } });
    expect(login.statusCode).toBe(400);
    const kept = await call('PATCH', `/users/${ruth!.id}`, app.cast.churchAdmin.cookie, { email: '', suburb: 'Hornsby' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ email: null, suburb: 'Hornsby', status: 'no_account' });
    const taken = await call('PATCH', `/users/${app.cast.member.user.id}`, app.cast.churchAdmin.cookie, { email: '' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ field: 'email', key: 'validation.emailRequired' });

    // A staff member must be able to sign in.
    const staff = await call('PATCH', `/users/${ruth!.id}`, app.cast.churchAdmin.cookie, { role: 'staff' });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().errors[0]).toMatchObject({ field: 'email', key: 'validation.emailRequired' });

    const email = `ruth.${tag}@example.com`;
    const given = await call('PATCH', `/users/${ruth!.id}`, app.cast.churchAdmin.cookie, { email });
    expect(given.json()).toMatchObject({ email, status: 'imported' });
    const reset = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
    expect(reset.statusCode, reset.body).toBe(202);
    expect(await app.t.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, ruth!.id))).toHaveLength(1);
  });

  it('knows a person given an email since by their name and phone: the same file again makes no one twice', async () => {
    const tag = unique();
    await importFile(app.cast.churchAdmin.cookie, family(tag));
    const [ruth] = (await peopleNamed(tag)).filter((p) => p.firstName === 'Ruth');
    const given = await call('PATCH', `/users/${ruth!.id}`, app.cast.churchAdmin.cookie, { email: `ruth.${tag}@example.com` });
    expect(given.statusCode, given.body).toBe(200);
    const again = await importFile(app.cast.churchAdmin.cookie, family(tag));
    expect(again.preview.counts).toEqual({ new: 0, update: 0, unchanged: 4, refused: 2, warnings: 0 });
    expect(await peopleNamed(tag)).toHaveLength(4);
    // Staff of the same name and phone is not someone an import may change.
    const staffed = await call('PATCH', `/users/${ruth!.id}`, app.cast.churchAdmin.cookie, { role: 'staff' });
    expect(staffed.statusCode, staffed.body).toBe(200);
    const moved = await importFile(app.cast.churchAdmin.cookie, family(tag).replace(',Ryde\r\n', ',Hornsby\r\n'));
    const ruthRow = (moved.preview.rows as Array<{ name: string; outcome: string; reasons: Array<{ key: string }> }>).find((r) => r.name.startsWith('Ruth'));
    expect(ruthRow).toMatchObject({ outcome: 'refused', reasons: [{ key: 'peopleImport.reason.notYoursPerson' }] });
    expect(await peopleNamed(tag)).toHaveLength(4);
  });

  it('comes back unchanged from an export imported again', async () => {
    const tag = unique();
    await importFile(app.cast.churchAdmin.cookie, family(tag));
    for (const kind of ['csv', 'xlsx'] as const) {
      const exported = await call('GET', `/users/export.${kind}?q=Na${tag}`, app.cast.churchAdmin.cookie);
      expect(exported.statusCode).toBe(200);
      const back = await importFile(app.cast.churchAdmin.cookie, exported.rawPayload, `users.${kind}`);
      expect(back.preview.counts).toEqual({ new: 0, update: 0, unchanged: 4, refused: 0, warnings: 0 });
    }
    expect(await peopleNamed(tag)).toHaveLength(4);
  });
});
