import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHURCH_LANGUAGES_MAX } from '@app/shared';
import { buildChurch } from '../../../test/helpers/factories';
import { useCastApp } from '../../../test/helpers/cast-app';
import { auditLog, churchLanguages } from '../../db/schema';

const app = useCastApp();

const url = (churchId: string, languageId?: string) => `/api/v1/churches/${churchId}/languages${languageId ? `/${languageId}` : ''}`;
const list = (churchId: string, cookie: string) => app.t.app.inject({ method: 'GET', url: url(churchId), headers: { cookie } });
const add = (churchId: string, cookie: string, payload: Record<string, unknown>) =>
  app.t.app.inject({ method: 'POST', url: url(churchId), headers: { cookie }, payload });
const patch = (churchId: string, languageId: string, cookie: string, payload: Record<string, unknown>) =>
  app.t.app.inject({ method: 'PATCH', url: url(churchId, languageId), headers: { cookie }, payload });
const remove = (churchId: string, languageId: string, cookie: string) =>
  app.t.app.inject({ method: 'DELETE', url: url(churchId, languageId), headers: { cookie } });

describe('church languages', () => {
  it('adds a known language with its own name and Azure voices', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'pt' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String), list: 'join_live', code: 'pt', name: 'Portuguese', locale: 'pt-BR', rtl: false, isKnown: true,
      maleVoiceId: 'pt-BR-AntonioNeural', femaleVoiceId: 'pt-BR-FranciscaNeural',
    });
  });

  it('matches known codes regardless of case and keeps chosen voices', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'ZH-hans', femaleVoiceId: 'zh-CN-XiaoyiNeural' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'zh-Hans', name: 'Mandarin', femaleVoiceId: 'zh-CN-XiaoyiNeural', maleVoiceId: 'zh-CN-YunxiNeural' });
    const ar = await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'ar' });
    expect(ar.json()).toMatchObject({ rtl: true, locale: 'ar-SA' });
  });

  it('creates a new language with a name and one voice ID', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'fr', name: 'French', femaleVoiceId: 'fr-FR-DeniseNeural' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'fr', name: 'French', locale: 'fr-FR', isKnown: false, rtl: false, maleVoiceId: null, femaleVoiceId: 'fr-FR-DeniseNeural' });
  });

  it('refuses a new language without a name or without any voice ID, with a message per field', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'name', message: 'This field is required', key: 'validation.required' },
      { field: 'femaleVoiceId', message: 'A language needs at least one voice ID', key: 'validation.voiceIdRequired' },
    ]);
  });

  it('refuses a missing code, an unknown list and a malformed voice ID', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const res = await add(church.id, app.cast.platformAdmin.cookie, { list: 'sideways', code: '', maleVoiceId: 'not a voice' });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(['code', 'list', 'maleVoiceId']);
  });

  it('answers 409 for a language already in the same list, but allows it in the other list', async () => {
    const church = await buildChurch(app.t.ctx.db);
    expect((await add(church.id, app.cast.platformAdmin.cookie, { list: 'go_live', code: 'es' })).statusCode).toBe(201);
    const dup = await add(church.id, app.cast.platformAdmin.cookie, { list: 'go_live', code: 'es' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'conflict', detail: 'This language is already in the go-live list' });
    expect((await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'es' })).statusCode).toBe(201);
  });

  it(`holds at most ${CHURCH_LANGUAGES_MAX} languages per list`, async () => {
    const church = await buildChurch(app.t.ctx.db);
    const codes = Array.from({ length: CHURCH_LANGUAGES_MAX }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    await app.t.ctx.db.insert(churchLanguages).values(codes.map((code) => ({ churchId: church.id, list: 'join_live' as const, code, name: code, femaleVoiceId: 'en-AU-NatashaNeural' })));
    const res = await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'pt' });
    expect(res.statusCode).toBe(409);
  });

  it('lists both lists for the church\'s own people, in the order added', async () => {
    const church = await buildChurch(app.t.ctx.db);
    await add(church.id, app.cast.platformAdmin.cookie, { list: 'go_live', code: 'en' });
    await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'es' });
    await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'id' });
    const res = await list(church.id, app.cast.platformAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().goLive.map((l: { code: string }) => l.code)).toEqual(['en']);
    expect(res.json().joinLive.map((l: { code: string }) => l.code)).toEqual(['es', 'id']);
    for (const who of [app.cast.churchAdmin, app.cast.staff, app.cast.member]) expect((await list(app.cast.church.id, who.cookie)).statusCode).toBe(200);
    expect((await list(app.cast.church.id, app.cast.otherMember.cookie)).statusCode).toBe(404);
  });

  it('updates a name and voices, and clears one voice while one remains', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const created = (await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'es' })).json();
    const res = await patch(church.id, created.id, app.cast.platformAdmin.cookie, { name: 'Español', maleVoiceId: '', femaleVoiceId: 'es-MX-DaliaNeural' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Español', maleVoiceId: null, femaleVoiceId: 'es-MX-DaliaNeural' });
  });

  it('refuses to clear the last voice, and says "No changes detected" when nothing changed', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const created = (await add(church.id, app.cast.platformAdmin.cookie, { list: 'join_live', code: 'fr', name: 'French', femaleVoiceId: 'fr-FR-DeniseNeural' })).json();
    const noVoice = await patch(church.id, created.id, app.cast.platformAdmin.cookie, { femaleVoiceId: '' });
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.json().errors[0]).toMatchObject({ field: 'femaleVoiceId' });
    const same = await patch(church.id, created.id, app.cast.platformAdmin.cookie, { name: 'French', femaleVoiceId: 'fr-FR-DeniseNeural' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'no_changes', detail: 'No changes detected' });
  });

  it('removes a language, audited, and answers 404 when removing it again', async () => {
    const church = await buildChurch(app.t.ctx.db);
    const created = (await add(church.id, app.cast.platformAdmin.cookie, { list: 'go_live', code: 'pt' })).json();
    const res = await remove(church.id, created.id, app.cast.platformAdmin.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await remove(church.id, created.id, app.cast.platformAdmin.cookie)).statusCode).toBe(404);
    const actions = (await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.churchId, church.id))).map((e) => [e.action, e.details]);
    expect(actions).toEqual([
      ['church.language.add', { list: 'go_live', code: 'pt' }],
      ['church.language.remove', { list: 'go_live', code: 'pt' }],
    ]);
  });

  it('lets a church admin manage their own languages; refuses staff and members (403)', async () => {
    const res = await add(app.cast.church.id, app.cast.churchAdmin.cookie, { list: 'join_live', code: 'hi' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    for (const who of [app.cast.staff, app.cast.member]) {
      expect((await add(app.cast.church.id, who.cookie, { list: 'join_live', code: 'ar' })).statusCode).toBe(403);
      expect((await patch(app.cast.church.id, id, who.cookie, { name: 'x' })).statusCode).toBe(403);
      expect((await remove(app.cast.church.id, id, who.cookie)).statusCode).toBe(403);
    }
    expect((await remove(app.cast.church.id, id, app.cast.churchAdmin.cookie)).statusCode).toBe(204);
  });

  it("answers 404 to another church's admin, and for a language of another church", async () => {
    const created = (await add(app.cast.church.id, app.cast.churchAdmin.cookie, { list: 'join_live', code: 'id' })).json();
    expect((await add(app.cast.church.id, app.cast.otherAdmin.cookie, { list: 'join_live', code: 'ar' })).statusCode).toBe(404);
    expect((await patch(app.cast.church.id, created.id, app.cast.otherAdmin.cookie, { name: 'x' })).statusCode).toBe(404);
    expect((await remove(app.cast.church.id, created.id, app.cast.otherAdmin.cookie)).statusCode).toBe(404);
    // The language id under the other admin's own church: still not theirs.
    expect((await remove(app.cast.otherChurch.id, created.id, app.cast.otherAdmin.cookie)).statusCode).toBe(404);
    const [still] = await app.t.ctx.db.select().from(churchLanguages).where(and(eq(churchLanguages.id, created.id)));
    expect(still).toBeDefined();
  });

  it('refuses the signed-out (401)', async () => {
    expect((await app.t.app.inject({ method: 'GET', url: url(app.cast.church.id) })).statusCode).toBe(401);
    expect((await app.t.app.inject({ method: 'POST', url: url(app.cast.church.id), payload: { list: 'go_live', code: 'en' } })).statusCode).toBe(401);
  });
});
