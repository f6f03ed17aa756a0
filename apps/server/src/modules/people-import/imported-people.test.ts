import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { codeIn, outboxFor } from '../auth/test-outbox';
import { importSteps } from './import-test-helpers';

// What an import's people are called and counted as (decision 052).
const app = useCastApp();
const { call } = app;
const { importFile } = importSteps(app);

let n = 0;
const unique = () => `${Date.now()}${++n}`;
const roster = (tag: string) => [
  'First Name,Last Name,Email,Mobile,Suburb',
  `Rosa,Lima,rosa.${tag}@example.com,0412 345 678,Ryde`,
  `Tomas,Reis,tomas.${tag}@example.com,0412 345 679,Ryde`,
  // No email: known by her name and phone, so each roster's Beatriz has her own number.
  `Beatriz,Souza,,04${tag.slice(-8)},Ryde`,
].join('\r\n');
const byEmail = async (email: string) => (await app.t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('people an import created', () => {
  it('are "imported", not "invited", when no invitation went out; invited when one did', async () => {
    const quiet = unique();
    await importFile(app.cast.churchAdmin.cookie, roster(quiet));
    const rosa = await byEmail(`rosa.${quiet}@example.com`);
    expect(rosa).toMatchObject({ accountStatus: 'imported', importedAt: expect.any(Date) });
    const [beatriz] = await app.t.ctx.db.select().from(users).where(eq(users.firstName, 'Beatriz'));
    expect(beatriz?.accountStatus).toBe('no_account');
    expect(await outboxFor(app.t.config.DATA_DIR, `rosa.${quiet}@example.com`, 1, 200)).toHaveLength(0);
    const shown = await call('GET', `/users/${rosa!.id}`, app.cast.churchAdmin.cookie);
    expect(shown.json()).toMatchObject({ status: 'imported', importedAt: rosa!.importedAt!.toISOString() });

    const invited = unique();
    await importFile(app.cast.churchAdmin.cookie, roster(invited), 'people.csv', true);
    expect((await byEmail(`rosa.${invited}@example.com`))?.accountStatus).toBe('invited');
  });

  it('have an account once they choose a password through "Forgot password"', async () => {
    const tag = unique();
    await importFile(app.cast.churchAdmin.cookie, roster(tag));
    const email = `tomas.${tag}@example.com`;
    expect((await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } })).statusCode).toBe(202);
    const code = codeIn((await outboxFor(app.t.config.DATA_DIR, email))[0]);
    const confirm = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { email, code, password: 'harbour-lights-9', confirmPassword: 'harbour-lights-9' } });
    expect(confirm.statusCode).toBe(204);
    expect((await byEmail(email))?.accountStatus).toBe('active');
  });

  it('are counted apart from the new members on the dashboard and left out of the new members list', async () => {
    const summary = async () => (await call('GET', `/analytics/summary?churchId=${app.cast.church.id}&range=month`, app.cast.churchAdmin.cookie)).json();
    const before = await summary();
    const tag = unique();
    await importFile(app.cast.churchAdmin.cookie, roster(tag));
    const signup = await app.t.app.inject({
      method: 'POST', url: '/api/v1/auth/signup', payload: {
        firstName: 'Carla', lastName: 'Dias', email: `carla.${tag}@example.com`, phone: '0412 345 681', suburb: 'Ryde',
        password: 'quiet-harbour7', confirmPassword: 'quiet-harbour7', churchId: app.cast.church.id, termsAccepted: true, dateOfBirth: '1990-01-01',
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const after = await summary();
    expect(after.newMembers - before.newMembers).toBe(1);
    expect(after.importedMembers - before.importedMembers).toBe(3);
    expect(after.series.reduce((sum: number, p: { newMembers: number }) => sum + p.newMembers, 0)).toBe(after.newMembers);
    const list = await call('GET', `/analytics/new-users?churchId=${app.cast.church.id}&q=${tag}`, app.cast.churchAdmin.cookie);
    expect(list.json().items.map((p: { email: string }) => p.email)).toEqual([`carla.${tag}@example.com`]);
  });
});
