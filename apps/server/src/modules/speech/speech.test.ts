import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCast, buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_SPEECH_KEY, startMockAzure, type MockAzure } from '../../../test/mock-azure';
import { churches } from '../../db/schema';

let t: TestApp;
let mock: MockAzure;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  mock = await startMockAzure();
  t = await createTestApp({ AZURE_SPEECH_HOST: mock.url });
  cast = await buildCast(t.ctx.db);
  await t.ctx.db.update(churches).set({ speechKeyEnc: t.ctx.secrets.encrypt(MOCK_SPEECH_KEY), speechLocation: 'australiaeast' }).where(eq(churches.id, cast.church.id));
});
afterAll(async () => {
  await t.close();
  await mock.close();
});
beforeEach(() => { mock.reset(); });

const token = (churchId: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/speech/token?churchId=${churchId}`, headers: cookie ? { cookie } : {} });

describe('GET /speech/token', () => {
  it('gives staff a short-lived token and the region, never the key', async () => {
    const res = await token(cast.church.id, cast.staff.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(mock.issuedTokens.has(body.token)).toBe(true);
    expect(body.region).toBe('australiaeast');
    const ttl = Date.parse(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect(res.body).not.toContain(MOCK_SPEECH_KEY);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(mock.stats.last('token')!.headers['ocp-apim-subscription-key']).toBe(MOCK_SPEECH_KEY);
  });

  it('reuses the church token instead of asking Azure every time', async () => {
    const asAdmin = await token(cast.church.id, cast.churchAdmin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    const first = asAdmin.json();
    const second = (await token(cast.church.id, cast.staff.cookie)).json();
    expect(second.token).toBe(first.token);
    expect(mock.stats.counts.token).toBeLessThanOrEqual(1);
  });

  it('refuses a member (403) and the signed-out (401)', async () => {
    const member = await token(cast.church.id, cast.member.cookie);
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('forbidden');
    expect((await token(cast.church.id)).statusCode).toBe(401);
  });

  it('refuses a platform admin, who does not go live (403)', async () => {
    expect((await token(cast.church.id, cast.platformAdmin.cookie)).statusCode).toBe(403);
  });

  it("answers 404 to another church's staff", async () => {
    expect((await token(cast.church.id, cast.otherStaff.cookie)).statusCode).toBe(404);
    expect((await token(cast.church.id, cast.otherAdmin.cookie)).statusCode).toBe(404);
  });

  it('answers 404 with a clear message when the church has no speech key', async () => {
    const res = await token(cast.otherChurch.id, cast.otherStaff.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', detail: expect.stringContaining('no speech key') });
    expect(mock.stats.counts.token).toBe(0);
  });

  it('answers 502 without the key when Azure refuses it', async () => {
    const church = await buildChurch(t.ctx.db, { speechKeyEnc: t.ctx.secrets.encrypt('revoked-key-1234'), speechLocation: 'eastus' });
    const staff = await buildUser(t.ctx.db, 'staff', { churchId: church.id });
    const res = await token(church.id, await sessionCookie(t.ctx.db, staff.id));
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('revoked-key-1234');
    expect(res.json().detail).toMatch(/speech key/);
  });

  it('refuses a malformed church id (400)', async () => {
    expect((await token('nope', cast.staff.cookie)).statusCode).toBe(400);
  });
});
