import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser } from '../../../test/helpers/factories';
import { outboxFor } from '../auth/test-outbox';
import { importSteps } from './import-test-helpers';
import { kickImportWorker, sendImportInvitations } from './worker';

// Decision 051: an import tells a church nothing about another church's people. Church A's
// administrator is the hostile one; the other church's people, and a platform administrator who
// has no church, are the ones probed.
const app = useCastApp();
const { call } = app;
const { upload } = importSteps(app);

let n = 0;
const unique = () => `${Date.now()}${++n}`;
const TRUE_BIRTHDAY = '1961-04-07';
/** The other church's people's phone: the church's own cast share another, so no row finds them. */
const PHONE = '0411222333';

/**
 * One file that tries every outcome on the given emails: the person exactly as stored (unchanged
 * under the true birthday), a guess of her birthday (`Birth B`), a new name, a new phone, the same
 * email twice in the file, an unreadable phone (a warning), and a person without an email named
 * and dated as the other church's member.
 */
const probe = ([member, admin, staff, platform]: string[], other: { email: string; lastName: string }) => [
  'Email,First Name,Last Name,Birth A,Birth B,Mobile,Suburb',
  `${member},Tess,Tester,${TRUE_BIRTHDAY},1961-04-08,${PHONE},Sydney`,
  `${admin},Tess,Tester,${TRUE_BIRTHDAY},1970-01-01,${PHONE},Sydney`,
  `${staff},Mallory,Tester,${TRUE_BIRTHDAY},1961-04-08,${PHONE},Sydney`,
  `${platform},Tess,Tester,,,0499999999,Sydney`,
  `${member},Tess,Tester,${TRUE_BIRTHDAY},1961-04-08,${PHONE},Sydney`,
  `${other.email},Tess,Tester,${TRUE_BIRTHDAY},,123,Sydney`,
  `,Tess,${other.lastName},${TRUE_BIRTHDAY},1961-04-08,${PHONE},Sydney`,
].join('\r\n');

const byBirthA = ['email', 'firstName', 'lastName', 'dateOfBirth', null, 'phone', 'suburb'];
const byBirthB = ['email', 'firstName', 'lastName', null, 'dateOfBirth', 'phone', 'suburb'];

describe('an import and another church’s people', () => {
  it('previews every row naming another church’s people exactly as rows naming emails nobody has', async () => {
    const { cast } = app;
    await app.t.ctx.db.update(users).set({ dateOfBirth: TRUE_BIRTHDAY, phone: PHONE }).where(inArray(users.id, [cast.otherMember.user.id, cast.otherAdmin.user.id, cast.otherStaff.user.id]));
    const victims = [cast.otherMember.user.email, cast.otherAdmin.user.email, cast.otherStaff.user.email, cast.platformAdmin.user.email];
    const tag = unique();
    const strangers = victims.map((_, i) => `nobody${i}.${tag}@example.com`);
    const asStranger = (text: string) => victims.reduce((t, v, i) => t.replaceAll(v, strangers[i]!), text);

    const other = { email: `plus.${tag}@example.com`, lastName: 'Tester' };
    const theirs = await upload(cast.churchAdmin.cookie, probe(victims, other));
    const nobodys = await upload(cast.churchAdmin.cookie, probe(strangers, other));
    expect(asStranger(theirs.body).replace(theirs.json().id, 'ID').replace(/"createdAt":"[^"]+"/, '')).toBe(nobodys.body.replace(nobodys.json().id, 'ID').replace(/"createdAt":"[^"]+"/, ''));
    for (const mapping of [byBirthA, byBirthB]) {
      const a = await call('POST', `/people-imports/${theirs.json().id}/preview`, cast.churchAdmin.cookie, { mapping });
      const b = await call('POST', `/people-imports/${nobodys.json().id}/preview`, cast.churchAdmin.cookie, { mapping });
      expect(a.statusCode, a.body).toBe(200);
      expect(asStranger(a.body)).toBe(b.body);
      expect(a.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual(['new', 'new', 'new', 'new', 'refused', 'new', 'new']);
    }
  });

  it('confirms them as a taken email is confirmed: nothing of the other church changed, nobody mailed', async () => {
    const { cast } = app;
    const victims = [cast.otherMember.user.email, cast.otherAdmin.user.email, cast.otherStaff.user.email, cast.platformAdmin.user.email];
    const tag = unique();
    const strangers = victims.map((_, i) => `taken${i}.${tag}@example.com`);
    const before = await app.t.ctx.db.select().from(users).where(inArray(users.email, victims));

    const confirmed = async (text: string, beforeConfirm = async () => {}) => {
      const up = await upload(cast.churchAdmin.cookie, text);
      const preview = await call('POST', `/people-imports/${up.json().id}/preview`, cast.churchAdmin.cookie, { mapping: byBirthA });
      await beforeConfirm();
      const confirm = await call('POST', `/people-imports/${up.json().id}/confirm`, cast.churchAdmin.cookie, { mapping: byBirthA, invite: true });
      expect(confirm.statusCode, confirm.body).toBe(202);
      await kickImportWorker(app.t.ctx);
      await kickImportWorker(app.t.ctx);
      await sendImportInvitations(app.t.ctx, 100);
      const status = (await call('GET', `/people-imports/${up.json().id}`, cast.churchAdmin.cookie)).json();
      return { counts: preview.json().counts, status: { ...status, id: undefined, createdAt: undefined, finishedAt: undefined, undoUntil: undefined } };
    };
    const theirs = await confirmed(probe(victims, { email: `plus.a${tag}@example.com`, lastName: 'Alpha' }));
    // Brand new people whose emails someone registers (in another church) between preview and confirm.
    const taken = await confirmed(probe(strangers, { email: `plus.b${tag}@example.com`, lastName: 'Beta' }), async () => {
      for (const email of strangers) await buildUser(app.t.ctx.db, 'member', { email, churchId: cast.otherChurch.id });
    });
    expect(theirs).toEqual(taken);
    // The rows without a taken email were still written: the confirm did its work.
    expect(theirs.status).toMatchObject({ status: 'done', created: 2 });

    const after = await app.t.ctx.db.select().from(users).where(inArray(users.email, victims));
    expect(after).toEqual(before);
    for (const email of victims) expect(await outboxFor(app.t.config.DATA_DIR, email, 1, 0)).toEqual([]);
  });

  it('still refuses the church’s own staff and previews an update of its own member', async () => {
    const { cast } = app;
    const text = [
      'Email,First Name,Last Name,Mobile,Suburb',
      `${cast.staff.user.email},Renamed,Tester,0400000000,Sydney`,
      `${cast.member.user.email},Renamed,Tester,0400000000,Sydney`,
    ].join('\r\n');
    const up = await upload(cast.churchAdmin.cookie, text);
    const mapping = ['email', 'firstName', 'lastName', 'phone', 'suburb'];
    const preview = await call('POST', `/people-imports/${up.json().id}/preview`, cast.churchAdmin.cookie, { mapping });
    expect(preview.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual(['refused', 'update']);
    expect(preview.json().rows[0].reasons[0].key).toBe('peopleImport.reason.notYours');
    const [member] = await app.t.ctx.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, cast.member.user.id));
    expect(member!.firstName).toBe('Tess');
  });

  it('limits previews as uploads are: one upload cannot be previewed without end', async () => {
    const { cast } = app;
    const up = await upload(cast.churchAdmin.cookie, 'Email,First Name\r\nx@example.com,X\r\n');
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await call('POST', `/people-imports/${up.json().id}/preview`, cast.churchAdmin.cookie, { mapping: ['email', 'firstName'] })).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes[0]).toBe(200);
  });
});
