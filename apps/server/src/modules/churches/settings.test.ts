import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { useCastApp } from '../../../test/helpers/cast-app';
import { auditLog, churches, sermons } from '../../db/schema';
import { newBroadcastId } from '../../lib/ids';

const app = useCastApp();

const SPEECH_KEY = 'speech-key-0123456789abcdefWXYZ';

function get(id: string, cookie?: string) {
  return app.t.app.inject({ method: 'GET', url: `/api/v1/churches/${id}`, headers: cookie ? { cookie } : {} });
}
function patchSettings(id: string, cookie: string, payload: Record<string, unknown>) {
  return app.t.app.inject({ method: 'PATCH', url: `/api/v1/churches/${id}/live-settings`, headers: { cookie }, payload });
}
function patchLimit(id: string, cookie: string, payload: Record<string, unknown>) {
  return app.t.app.inject({ method: 'PATCH', url: `/api/v1/churches/${id}/stream-limit`, headers: { cookie }, payload });
}
async function rowOf(id: string) {
  const [row] = await app.t.ctx.db.select().from(churches).where(eq(churches.id, id));
  return row!;
}

describe('GET /churches/:id', () => {
  it('requires signing in', async () => {
    expect((await get(app.cast.church.id)).statusCode).toBe(401);
  });

  it('shows the church and its live settings to its own admin, staff and members', async () => {
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) {
      const res = await get(app.cast.church.id, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: app.cast.church.id,
        name: app.cast.church.name,
        liveSettings: {
          hasSpeechKey: false, translatorKind: 'demo', failoverKind: null, guestsMayListen: true,
          timeZone: 'Australia/Sydney', weeklyStreamLimitMinutes: 120, minutesUsedThisWeek: 0, minutesLeftThisWeek: 120,
        },
      });
    }
  });

  it('lets a platform admin read any church', async () => {
    const res = await get(app.cast.otherChurch.id, app.cast.platformAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ canEdit: true, canSetStreamLimit: true });
  });

  it("answers 404 for another church's details", async () => {
    for (const who of [app.cast.otherAdmin, app.cast.otherStaff, app.cast.otherMember]) {
      const res = await get(app.cast.church.id, who.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('answers 404 for a church that does not exist and 400 for a malformed id', async () => {
    expect((await get('6d5b8a3e-1111-4c1c-9c1c-111111111111', app.cast.platformAdmin.cookie)).statusCode).toBe(404);
    expect((await get('not-a-uuid', app.cast.platformAdmin.cookie)).statusCode).toBe(400);
  });

  it('tells people what they may change', async () => {
    expect((await get(app.cast.church.id, app.cast.churchAdmin.cookie)).json()).toMatchObject({ canEdit: true, canSetStreamLimit: false });
    expect((await get(app.cast.church.id, app.cast.staff.cookie)).json()).toMatchObject({ canEdit: false, canSetStreamLimit: false });
  });

  it('counts minutes used since Monday 00:00 in the church time zone', async () => {
    const church = await buildChurch(app.t.ctx.db, { weeklyStreamLimitMinutes: 60 });
    await app.t.ctx.db.insert(sermons).values([
      { broadcastId: newBroadcastId(), churchId: church.id, sourceLanguage: 'en', status: 'ended', startedAt: new Date(), chargedSeconds: 15 * 60 + 30 },
      { broadcastId: newBroadcastId(), churchId: church.id, sourceLanguage: 'en', status: 'ended', startedAt: new Date(Date.now() - 8 * 86_400_000), chargedSeconds: 3600 },
    ]);
    const res = await get(church.id, app.cast.platformAdmin.cookie);
    expect(res.json().liveSettings).toMatchObject({ minutesUsedThisWeek: 15.5, minutesLeftThisWeek: 44.5, weeklyStreamLimitMinutes: 60 });
    expect(Date.parse(res.json().liveSettings.weekStartsAt)).toBeLessThanOrEqual(Date.now());
  });
});

describe('PATCH /churches/:id/live-settings', () => {
  it('stores keys encrypted and answers them masked to the last four characters', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await patchSettings(church.id, app.cast.platformAdmin.cookie, {
      speechKey: SPEECH_KEY, speechLocation: 'AustraliaEast',
    });
    expect(res.statusCode).toBe(200);
    const live = res.json().liveSettings;
    expect(live).toMatchObject({
      hasSpeechKey: true, speechKey: '••••WXYZ', speechLocation: 'australiaeast',
    });
    expect(res.body).not.toContain(SPEECH_KEY);

    const row = await rowOf(church.id);
    expect(JSON.stringify(row)).not.toContain(SPEECH_KEY);
    expect(row.speechKeyEnc).toMatch(/^v1\./);
    expect(app.t.ctx.secrets.decrypt(row.speechKeyEnc!)).toBe(SPEECH_KEY);
  });

  it('never shows even masked keys to staff or members', async () => {
    const church = await buildChurch(app.t.ctx.db, { speechKeyEnc: app.t.ctx.secrets.encrypt(SPEECH_KEY), speechLocation: 'australiaeast' });
    const staff = await buildUser(app.t.ctx.db, 'staff', { churchId: church.id });
    const res = await get(church.id, await sessionCookie(app.t.ctx.db, staff.id));
    expect(res.json().liveSettings).toMatchObject({ hasSpeechKey: true, speechKey: null, speechLocation: 'australiaeast' });
  });

  it('keeps the stored key when the key field is left empty or omitted', async () => {
    const church = await buildChurch(app.t.ctx.db);
    await patchSettings(church.id, app.cast.platformAdmin.cookie, { speechKey: SPEECH_KEY, speechLocation: 'australiaeast' });
    const before = (await rowOf(church.id)).speechKeyEnc;
    const res = await patchSettings(church.id, app.cast.platformAdmin.cookie, { speechKey: '', speechLocation: 'eastus' });
    expect(res.statusCode).toBe(200);
    expect(res.json().liveSettings).toMatchObject({ speechKey: '••••WXYZ', speechLocation: 'eastus' });
    expect((await rowOf(church.id)).speechKeyEnc).toBe(before);
  });

  it('answers "No changes detected" when nothing changed, including the same key sent again', async () => {
    const church = await buildChurch(app.t.ctx.db);
    await patchSettings(church.id, app.cast.platformAdmin.cookie, { speechKey: SPEECH_KEY, speechLocation: 'australiaeast' });
    for (const payload of [
      {},
      { speechKey: SPEECH_KEY, speechLocation: 'australiaeast' },
      { speechKey: '', guestsMayListen: true, timeZone: 'Australia/Sydney' },
    ]) {
      const res = await patchSettings(church.id, app.cast.platformAdmin.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'no_changes', detail: 'No changes detected' });
    }
  });

  it('requires the location with a key, and the key with a location', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const noLocation = await patchSettings(church.id, app.cast.platformAdmin.cookie, { speechKey: SPEECH_KEY });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().errors).toEqual([{ field: 'speechLocation', message: 'This field is required', key: 'validation.required' }]);
    const noKey = await patchSettings(church.id, app.cast.platformAdmin.cookie, { speechLocation: 'australiaeast' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toEqual([{ field: 'speechKey', message: 'This field is required', key: 'validation.required' }]);
    expect((await rowOf(church.id)).speechKeyEnc).toBeNull();
  });

  it("removes a key with its location, going back to the browser's speech", async () => {
    const church = await buildChurch(app.t.ctx.db);
    await patchSettings(church.id, app.cast.platformAdmin.cookie, { speechKey: SPEECH_KEY, speechLocation: 'australiaeast' });
    const res = await patchSettings(church.id, app.cast.platformAdmin.cookie, { removeSpeechKey: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().liveSettings).toMatchObject({ hasSpeechKey: false, speechKey: null, speechLocation: null });
  });

  it('validates the time zone, location and field types with a message per field', async () => {
    const res = await patchSettings(app.cast.church.id, app.cast.churchAdmin.cookie, {
      timeZone: 'Mars/Olympus', speechLocation: 'east us!', guestsMayListen: 'yes',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries((res.json().errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({
      timeZone: 'Please choose one of the options',
      speechLocation: 'Please choose one of the options',
    });
    expect(fields.guestsMayListen).toBeDefined();
  });

  it('changes guests and time zone, and records who changed what in the audit log without secrets', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await patchSettings(church.id, app.cast.platformAdmin.cookie, { guestsMayListen: false, timeZone: 'Australia/Perth', speechKey: SPEECH_KEY, speechLocation: 'australiaeast' });
    expect(res.statusCode).toBe(200);
    expect(res.json().liveSettings).toMatchObject({ guestsMayListen: false, timeZone: 'Australia/Perth' });
    const entries = await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.churchId, church.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: app.cast.platformAdmin.user.id, action: 'church.live_settings.update', targetType: 'church', targetId: church.id });
    expect(entries[0]!.details).toEqual({ changed: ['speechKey', 'speechLocation', 'guestsMayListen', 'timeZone'] });
    expect(JSON.stringify(entries)).not.toContain(SPEECH_KEY);
  });

  it('lets a church admin change their own church', async () => {
    const res = await patchSettings(app.cast.church.id, app.cast.churchAdmin.cookie, { guestsMayListen: false });
    expect(res.statusCode).toBe(200);
    await patchSettings(app.cast.church.id, app.cast.churchAdmin.cookie, { guestsMayListen: true });
  });

  it('refuses staff and members (403), and another church admin (404)', async () => {
    expect((await patchSettings(app.cast.church.id, app.cast.staff.cookie, { guestsMayListen: false })).statusCode).toBe(403);
    expect((await patchSettings(app.cast.church.id, app.cast.member.cookie, { guestsMayListen: false })).statusCode).toBe(403);
    const other = await patchSettings(app.cast.church.id, app.cast.otherAdmin.cookie, { guestsMayListen: false });
    expect(other.statusCode).toBe(404);
    expect((await rowOf(app.cast.church.id)).guestsMayListen).toBe(true);
  });

  it('refuses the signed-out (401)', async () => {
    const res = await app.t.app.inject({ method: 'PATCH', url: `/api/v1/churches/${app.cast.church.id}/live-settings`, payload: { guestsMayListen: false } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /churches/:id/stream-limit', () => {
  it('lets a platform admin set the weekly limit, audited', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await patchLimit(church.id, app.cast.platformAdmin.cookie, { weeklyStreamLimitMinutes: 300 });
    expect(res.statusCode).toBe(200);
    expect(res.json().liveSettings).toMatchObject({ weeklyStreamLimitMinutes: 300, minutesLeftThisWeek: 300 });
    const entries = await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.churchId, church.id));
    expect(entries.map((e) => [e.action, e.details])).toEqual([['church.stream_limit.update', { from: 120, to: 300 }]]);
  });

  it('answers "No changes detected" for the same limit', async () => {
    const res = await patchLimit(app.cast.church.id, app.cast.platformAdmin.cookie, { weeklyStreamLimitMinutes: 120 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('no_changes');
  });

  it('requires a whole number of minutes in range', async () => {
    for (const payload of [{}, { weeklyStreamLimitMinutes: -1 }, { weeklyStreamLimitMinutes: 12.5 }, { weeklyStreamLimitMinutes: 20_000 }, { weeklyStreamLimitMinutes: '60' }]) {
      const res = await patchLimit(app.cast.church.id, app.cast.platformAdmin.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('weeklyStreamLimitMinutes');
    }
    const missing = await patchLimit(app.cast.church.id, app.cast.platformAdmin.cookie, {});
    expect(missing.json().errors[0]).toMatchObject({ message: 'This field is required', key: 'validation.required' });
  });

  it('refuses church admins, staff and members (403) and answers 404 for an unknown church', async () => {
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) {
      expect((await patchLimit(app.cast.church.id, who.cookie, { weeklyStreamLimitMinutes: 500 })).statusCode).toBe(403);
    }
    expect((await patchLimit('6d5b8a3e-1111-4c1c-9c1c-111111111111', app.cast.platformAdmin.cookie, { weeklyStreamLimitMinutes: 500 })).statusCode).toBe(404);
  });
});
