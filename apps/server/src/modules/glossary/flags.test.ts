import { beforeAll, describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { segmentTranslations, sermons, transcriptSegments } from '../../db/schema';

const s = useCastApp();
const { call } = s;
let sermonId: string;
let otherSermonId: string;

beforeAll(async () => {
  const db = s.t.ctx.db;
  const [sermon] = await db.insert(sermons).values({ broadcastId: 'flagtest01', churchId: s.cast.church.id, hostId: s.cast.staff.user.id, sourceLanguage: 'en', status: 'live' }).returning();
  sermonId = sermon!.id;
  const [seg] = await db.insert(transcriptSegments).values({ sermonId, seq: 1, sourceLanguage: 'en', text: 'Pastor Okafor welcomes you.' }).returning();
  await db.insert(segmentTranslations).values({ segmentId: seg!.id, language: 'id', text: '[ID demo] Pendeta Okafor menyambut Anda.', provider: 'demo' });
  const [other] = await db.insert(sermons).values({ broadcastId: 'flagtest02', churchId: s.cast.otherChurch.id, sourceLanguage: 'en', status: 'live' }).returning();
  otherSermonId = other!.id;
  await db.insert(transcriptSegments).values({ sermonId: otherSermonId, seq: 1, sourceLanguage: 'en', text: 'Elsewhere.' });
});

describe('translation flags', () => {
  it('lets a guest flag a caption, and refuses a line that does not exist', async () => {
    const res = await call('POST', `/sermons/${sermonId}/flags`, '', { seq: 1, language: 'id', suggestion: 'Gembala Okafor' });
    expect(res.statusCode).toBe(201);
    expect((await call('POST', `/sermons/${sermonId}/flags`, '', { seq: 9, language: 'id' })).statusCode).toBe(404);
    expect((await call('POST', `/sermons/${sermonId}/flags`, '', { language: 'id' })).json().errors).toEqual([expect.objectContaining({ field: 'seq' })]);
    await call('POST', `/sermons/${otherSermonId}/flags`, s.cast.otherMember.cookie, { seq: 1, language: 'es' });
  });

  it('shows the church admin the source line, the translated line, the language and the sermon', async () => {
    const list = (await call('GET', '/translation-flags', s.cast.churchAdmin.cookie)).json();
    expect(list.items).toEqual([expect.objectContaining({
      sermonId, seq: 1, language: 'id', sourceLanguage: 'en', sourceText: 'Pastor Okafor welcomes you.',
      translatedText: '[ID demo] Pendeta Okafor menyambut Anda.', suggestion: 'Gembala Okafor', status: 'open',
    })]);
    expect((await call('GET', '/translation-flags', s.cast.platformAdmin.cookie)).json().total).toBe(2);
    expect((await call('GET', '/translation-flags', s.cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/translation-flags/export.csv', s.cast.churchAdmin.cookie)).body).toContain('Gembala Okafor');
  });

  it('turns a flag into a glossary entry in one step', async () => {
    const [flag] = (await call('GET', '/translation-flags', s.cast.churchAdmin.cookie)).json().items;
    const other = (await call('GET', '/translation-flags', s.cast.otherAdmin.cookie)).json().items[0];
    expect((await call('POST', `/translation-flags/${other.id}/accept`, s.cast.churchAdmin.cookie, { term: 'x', kind: 'keep' })).statusCode).toBe(404);
    const accepted = await call('POST', `/translation-flags/${flag.id}/accept`, s.cast.churchAdmin.cookie, { term: 'Pastor Okafor', kind: 'fixed', translations: { id: 'Gembala Okafor' } });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ term: 'Pastor Okafor', churchId: s.cast.church.id });
    expect((await call('GET', '/translation-flags?status=accepted', s.cast.churchAdmin.cookie)).json().total).toBe(1);
    expect((await call('GET', `/churches/${s.cast.church.id}/glossary?q=okafor`, s.cast.churchAdmin.cookie)).json().total).toBe(1);
  });

  it('dismisses a flag of the admin’s own church only', async () => {
    const other = (await call('GET', '/translation-flags', s.cast.otherAdmin.cookie)).json().items[0];
    expect((await call('POST', `/translation-flags/${other.id}/dismiss`, s.cast.churchAdmin.cookie)).statusCode).toBe(404);
    const res = await call('POST', `/translation-flags/${other.id}/dismiss`, s.cast.otherAdmin.cookie);
    expect(res.json().status).toBe('dismissed');
  });
});
