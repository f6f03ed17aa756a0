import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { multipart } from '../../../test/helpers/uploads';

const s = useCastApp();
const { call } = s;

const url = () => `/churches/${s.cast.church.id}/glossary`;
const grace = { term: 'grace', kind: 'fixed', translations: { pt: 'graça', es: 'gracia' } };

async function importCsv(cookie: string, csv: string, path = url()) {
  const body = await multipart(Buffer.from(csv, 'utf8'), 'glossary.csv', 'text/csv');
  return s.t.app.inject({ method: 'POST', url: `/api/v1${path}/import`, headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
}

describe('church glossary', () => {
  it('lets the church admin add keep, fixed and heard-as entries and lists them', async () => {
    const keep = await call('POST', url(), s.cast.churchAdmin.cookie, { term: 'Harbour City Church', kind: 'keep', translations: { pt: 'ignored' } });
    expect(keep.statusCode).toBe(201);
    expect(keep.json()).toMatchObject({ term: 'Harbour City Church', kind: 'keep', translations: {}, language: 'en', churchId: s.cast.church.id });
    expect((await call('POST', url(), s.cast.churchAdmin.cookie, grace)).statusCode).toBe(201);
    const neh = await call('POST', url(), s.cast.churchAdmin.cookie, { term: 'Nehemiah', kind: 'keep', heardAs: ['Nee hemiah'], note: 'Our youth pastor' });
    expect(neh.json().heardAs).toEqual(['Nee hemiah']);
    const list = (await call('GET', `${url()}?sort=term`, s.cast.churchAdmin.cookie)).json();
    expect(list.items.map((e: { term: string }) => e.term)).toEqual(['grace', 'Harbour City Church', 'Nehemiah']);
    expect((await call('GET', `${url()}?q=graca`, s.cast.churchAdmin.cookie)).json().total).toBe(1);
    expect((await call('GET', `${url()}?kind=keep`, s.cast.churchAdmin.cookie)).json().total).toBe(2);
  });

  it('answers a duplicate term, an empty translation and markup with field errors', async () => {
    const dup = await call('POST', url(), s.cast.churchAdmin.cookie, { term: '  GRACE ', kind: 'keep' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([expect.objectContaining({ field: 'term', key: 'validation.glossaryTermTaken' })]);
    const empty = await call('POST', url(), s.cast.churchAdmin.cookie, { term: 'gospel', kind: 'fixed', translations: { pt: 'evangelho', es: ' ' } });
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'translations.es', key: 'validation.glossaryTranslationRequired' })]);
    const none = await call('POST', url(), s.cast.churchAdmin.cookie, { term: 'gospel', kind: 'fixed' });
    expect(none.json().errors).toEqual([expect.objectContaining({ field: 'translations' })]);
    const markup = await call('POST', url(), s.cast.churchAdmin.cookie, { term: '<b>Jesus</b>', kind: 'keep' });
    expect(markup.json().errors).toEqual([expect.objectContaining({ field: 'term', key: 'validation.glossaryNoMarkup' })]);
  });

  it('changes and deletes an entry with audit entries', async () => {
    const created = (await call('POST', url(), s.cast.churchAdmin.cookie, { term: 'Pastor Ana', kind: 'keep' })).json();
    const patched = await call('PATCH', `${url()}/${created.id}`, s.cast.churchAdmin.cookie, { kind: 'fixed', translations: { pt: 'Pastora Ana' } });
    expect(patched.json()).toMatchObject({ kind: 'fixed', translations: { pt: 'Pastora Ana' } });
    const lostLast = await call('PATCH', `${url()}/${created.id}`, s.cast.churchAdmin.cookie, { translations: {} });
    expect(lostLast.json().errors).toEqual([expect.objectContaining({ field: 'translations' })]);
    const renamedOntoGrace = await call('PATCH', `${url()}/${created.id}`, s.cast.churchAdmin.cookie, { term: 'Grace' });
    expect(renamedOntoGrace.json().errors).toEqual([expect.objectContaining({ field: 'term' })]);
    expect((await call('DELETE', `${url()}/${created.id}`, s.cast.churchAdmin.cookie)).statusCode).toBe(204);
    expect((await call('GET', `${url()}/${created.id}`, s.cast.churchAdmin.cookie)).statusCode).toBe(404);
    const audit = (await call('GET', '/audit?q=glossary', s.cast.churchAdmin.cookie)).json();
    expect(audit.total).toBeGreaterThan(0);
  });

  it('answers 404 for another church’s glossary and 403 to staff and members', async () => {
    const mine = (await call('GET', url(), s.cast.churchAdmin.cookie)).json().items[0];
    expect((await call('GET', url(), s.cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await call('POST', url(), s.cast.otherAdmin.cookie, { term: 'x', kind: 'keep' })).statusCode).toBe(404);
    expect((await call('PATCH', `/churches/${s.cast.otherChurch.id}/glossary/${mine.id}`, s.cast.otherAdmin.cookie, { note: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/churches/${s.cast.otherChurch.id}/glossary/${mine.id}`, s.cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await call('GET', url(), s.cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('GET', url(), s.cast.member.cookie)).statusCode).toBe(403);
    expect((await call('GET', url(), s.cast.platformAdmin.cookie)).statusCode).toBe(200);
  });

  it('exports CSV that imports again, and refuses a file with a bad row whole', async () => {
    const csv = (await call('GET', `${url()}/export.csv`, s.cast.churchAdmin.cookie)).body;
    expect(csv).toContain('term,kind,language,translations,heardAs,note');
    expect(csv).toContain('grace,fixed,en,es=gracia; pt=graça,,');
    const again = await importCsv(s.cast.churchAdmin.cookie, csv);
    expect(again.json()).toEqual({ created: 0, updated: 3 });

    const bad = await importCsv(s.cast.churchAdmin.cookie, [
      'term,kind,language,translations,heardAs,note',
      'Calvary,keep,en,,,',
      'mercy,fixed,en,pt=,,',
      'Jo<b>hn,keep,en,,,',
      'Calvary,keep,en,,,',
      'peace,maybe,en,,,',
    ].join('\n'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['rows.3.translations.pt', 'rows.4.term', 'rows.5.term', 'rows.6.kind']);
    expect((await call('GET', `${url()}?q=calvary`, s.cast.churchAdmin.cookie)).json().total).toBe(0);

    const good = await importCsv(s.cast.churchAdmin.cookie, 'term,kind,translations,heardAs\nCalvary,keep,,Cal Vary | Calvery\nmercy,fixed,pt=misericórdia; es=misericordia,\n');
    expect(good.json()).toEqual({ created: 2, updated: 0 });
    expect((await importCsv(s.cast.otherAdmin.cookie, 'term,kind\nx,keep\n')).statusCode).toBe(404);
  });
});

describe('starter glossary', () => {
  it('is seeded with every book in seven languages and readable by church admins', async () => {
    const john = (await call('GET', '/starter-glossary?q=john&language=en&sort=term', s.cast.churchAdmin.cookie)).json();
    expect(john.items.map((e: { term: string }) => e.term)).toEqual(['1 John', '2 John', '3 John', 'John']);
    expect(john.items[3].translations).toMatchObject({ pt: 'João', es: 'Juan', id: 'Yohanes', 'zh-Hans': '约翰福音' });
    expect((await call('GET', '/starter-glossary?language=pt&pageSize=1', s.cast.churchAdmin.cookie)).json().total).toBeGreaterThanOrEqual(66);
  });

  it('is changed by platform admins only', async () => {
    expect((await call('POST', '/starter-glossary', s.cast.churchAdmin.cookie, { term: 'Zion', kind: 'keep' })).statusCode).toBe(403);
    const created = await call('POST', '/starter-glossary', s.cast.platformAdmin.cookie, { term: 'Zion', kind: 'keep' });
    expect(created.statusCode).toBe(201);
    expect(created.json().churchId).toBeNull();
    expect((await call('DELETE', `/starter-glossary/${created.json().id}`, s.cast.platformAdmin.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/starter-glossary', s.cast.member.cookie)).statusCode).toBe(403);
  });
});

describe('recogniser phrase list', () => {
  it('gives the speaker the church’s and the starter’s terms for the spoken language', async () => {
    const res = await call('GET', `/churches/${s.cast.church.id}/glossary/phrases?language=en`, s.cast.staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().phrases).toEqual(expect.arrayContaining(['Harbour City Church', 'Nehemiah', 'Genesis', 'Holy Spirit']));
    expect(res.json().phrases).not.toContain('Nee hemiah');
    expect((await call('GET', `/churches/${s.cast.church.id}/glossary/phrases?language=en`, s.cast.otherStaff.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/churches/${s.cast.church.id}/glossary/phrases?language=en`, s.cast.member.cookie)).statusCode).toBe(403);
  });
});
