import { eq, like } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { importSteps } from './import-test-helpers';

// Files shaped like churches' real exports (shared/docs/PEOPLE-IMPORT.md), decision 042.
const app = useCastApp();
const { call } = app;
const { upload, importFile } = importSteps(app);
const admin = () => app.cast.churchAdmin.cookie;

let n = 0;
const unique = () => `${Date.now()}${++n}`;
type Row = { row: number; outcome: string; name: string; reasons: Array<{ field: string; key: string }>; warnings: Array<{ field: string; key: string }> };

async function previewOf(text: string | Buffer, filename = 'people.csv') {
  const up = await upload(admin(), text, filename);
  expect(up.statusCode, up.body).toBe(201);
  const mapping = up.json().columns.map((c: { field: string | null }) => c.field);
  const res = await call('POST', `/people-imports/${up.json().id}/preview`, admin(), { mapping });
  expect(res.statusCode, res.body).toBe(200);
  return { mapping, counts: res.json().counts, rows: res.json().rows as Row[] };
}

/** Planning Center People's export: `Given Name` before `First Name`, and usually empty. */
const planningCenter = (tag: string) => [
  'Person ID,Name Prefix,Given Name,First Name,Nickname,Middle Name,Last Name,Name Suffix,Birthdate,Anniversary,Gender,Child,Marital Status,Status,Membership,Home Address Street Line 1,Home Address Street Line 2,Home Address City,Home Address State,Home Address Zip Code,Mobile Phone Number,Home Phone Number,Home Email',
  `101,,,Na,,,Li,,1988-02-03,,F,false,Married,active,Member,1 George St,,Parramatta,NSW,2150,0412 345 678,,na.li.${tag}@example.com`,
  `102,Mr,Robert,Bob,,,Ng,,1975-05-06,,M,false,Married,active,Member,,,Ryde,NSW,2112,,,bob.ng.${tag}@example.com`,
  `103,,Margaret,,,,Wu,,,,F,false,,active,Visitor,,,,,,,0298765432,peg.wu.${tag}@example.com`,
  ',,,,,,,,,,,,,,,,,,,,,,',
  `104,,,Sean,,,O’Brien,,1990-01-02,,M,false,,active,Member,,,Manly,NSW,2095,not a phone,,sean.${tag}@example.com`,
  `105,,,,,,,,,,,,,active,,,,Manly,NSW,2095,,,nobody.${tag}@example.com`,
].join('\r\n');

describe('real exports (decision 042)', () => {
  it('reads a Planning Center export: First Name over an empty or legal Given Name, 2-letter names, a blank row counted, the person kept with warnings', async () => {
    const tag = unique();
    const { mapping, rows, counts } = await previewOf(planningCenter(tag));
    expect(mapping.slice(2, 7)).toEqual(['firstName', 'firstName', 'firstName', null, 'lastName']);
    expect(rows.map((r) => [r.row, r.outcome, r.name])).toEqual([
      [2, 'new', 'Na Li'], [3, 'new', 'Bob Ng'], [4, 'new', 'Margaret Wu'], [6, 'new', 'Sean O’Brien'], [7, 'refused', ''],
    ]);
    // Bob has no phone, Margaret no suburb: kept, with a warning; Sean's phone is unreadable: left empty.
    expect(rows[1]!.warnings).toEqual([expect.objectContaining({ field: 'phone', key: 'validation.phoneRequired' })]);
    expect(rows[2]!.warnings).toEqual([expect.objectContaining({ field: 'suburb', key: 'validation.suburbRequired' })]);
    expect(rows[3]!.warnings).toEqual([expect.objectContaining({ field: 'phone', key: 'validation.phoneDigitsOnly' })]);
    expect(rows[4]!.reasons[0]!.key).toBe('peopleImport.reason.noName');
    expect(counts).toEqual({ new: 4, update: 0, unchanged: 0, refused: 1, warnings: 3 });
  });

  it('imports them whole, and the same file again changes nothing', async () => {
    const tag = unique();
    const first = await importFile(admin(), planningCenter(tag));
    expect(first.status).toMatchObject({ status: 'done', created: 4 });
    const [bob] = await app.t.ctx.db.select().from(users).where(eq(users.email, `bob.ng.${tag}@example.com`));
    expect(bob).toMatchObject({ firstName: 'Bob', lastName: 'Ng', suburb: 'Ryde', gender: 'male' });
    const [peg] = await app.t.ctx.db.select().from(users).where(eq(users.email, `peg.wu.${tag}@example.com`));
    expect(peg).toMatchObject({ firstName: 'Margaret', suburb: '', phone: '0298765432' });
    const [sean] = await app.t.ctx.db.select().from(users).where(eq(users.email, `sean.${tag}@example.com`));
    expect(sean).toMatchObject({ lastName: 'O’Brien', phone: '' });
    const again = await importFile(admin(), planningCenter(tag));
    expect(again.preview.counts).toMatchObject({ new: 0, update: 0, unchanged: 4, refused: 1 });
  });

  it('reads a Breeze-shaped export in Windows-1252, typographic apostrophes and en dashes intact; an unknown language is a warning', async () => {
    const tag = unique();
    const csv = [
      'Breeze ID,First Name,Last Name,Nickname,Gender,Birthdate,Email,Mobile,Home,Street Address,City,State,Zip,Language',
      `9,Ann,D’Arcy,,Female,03/25/1961,ann.${tag}@example.com,,(02) 9267 5555,12–14 George St,Ryde,NSW,2112,Klingon`,
      `10,An,Wu,,Male,,an.${tag}@example.com,0412 000 111,,,Ryde,NSW,2112,Português`,
    ].join('\r\n');
    const { rows } = await previewOf(iconv.encode(csv, 'windows-1252'));
    expect(rows.map((r) => [r.outcome, r.name])).toEqual([['new', 'Ann D’Arcy'], ['new', 'An Wu']]);
    expect(rows[0]!.warnings).toEqual([expect.objectContaining({ field: 'primaryLanguage', key: 'validation.invalidChoice' })]);
    await importFile(admin(), iconv.encode(csv, 'windows-1252'));
    const [ann] = await app.t.ctx.db.select().from(users).where(eq(users.email, `ann.${tag}@example.com`));
    expect(ann).toMatchObject({ lastName: 'D’Arcy', address: '12–14 George St', dateOfBirth: '1961-03-25', primaryLanguage: null, phone: '0292675555' });
  });

  it('reads a Portuguese spreadsheet (XLSX) by its headers, and an Elvanto-shaped one with its preferred name', async () => {
    const tag = unique();
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    const pt = book.addWorksheet('Membros');
    pt.addRow(['Nome', 'Sobrenome', 'E-mail', 'Celular', 'Bairro', 'Data de nascimento', 'Idioma principal']);
    pt.addRow(['João', 'Silva', `joao.${tag}@example.com`, '0412 345 678', 'Liverpool', '25/12/1985', 'Português']);
    pt.addRow([]);
    pt.addRow(['Maria', 'da Costa', `maria.${tag}@example.com`, '', '', '', '']);
    const ptFile = Buffer.from(await book.xlsx.writeBuffer());
    const { mapping, rows } = await previewOf(ptFile, 'membros.xlsx');
    expect(mapping).toEqual(['firstName', 'lastName', 'email', 'phone', 'suburb', 'dateOfBirth', 'primaryLanguage']);
    expect(rows.map((r) => [r.row, r.outcome])).toEqual([[2, 'new'], [4, 'new']]);
    expect(rows[1]!.warnings.map((w) => w.field)).toEqual(['phone', 'suburb']);

    const elvanto = [
      'Member ID,First Name,Preferred Name,Last Name,Email,Mobile,Home City,Birthday,Gender',
      `e1,Elizabeth,Liz,Ng,liz.${tag}@example.com,0412 222 333,Ryde,1970-07-08,Female`,
    ].join('\n');
    const liz = await previewOf(elvanto);
    expect(liz.rows.map((r) => r.name)).toEqual(['Liz Ng']);
  });

  it('takes off an export’s protective apostrophe, so an exported list imported again changes nothing', async () => {
    const tag = unique();
    const csv = `First Name,Last Name,Email,Mobile,Suburb,Address\r\nRui,Wu,formula.${tag}@example.com,0412345678,Ryde,"=HYPERLINK(""http://x"")"\r\n`;
    await importFile(admin(), csv);
    const exported = await call('GET', `/users/export.csv?q=formula.${tag}`, admin());
    expect(exported.body).toContain(`'=HYPERLINK`);
    const back = await importFile(admin(), exported.rawPayload, 'users.csv');
    expect(back.preview.counts).toMatchObject({ new: 0, update: 0, unchanged: 1 });
    const quoted = `First Name,Last Name,Email,Mobile,Suburb,Address\r\nRui,Wu,formula.${tag}@example.com,'0412345678,Ryde,'=HYPERLINK("http://x")\r\n`;
    expect((await previewOf(quoted)).rows[0]!.outcome).toBe('unchanged');
  });

  it('offers a template in the interface language whose every column the import reads', async () => {
    for (const language of ['pt', 'zh'] as const) {
      const csv = await call('GET', `/people-imports/template.csv?language=${language}`, admin());
      expect(csv.statusCode).toBe(200);
      const headers = csv.body.replace(/^\uFEFF/, '').trim().split(',');
      if (language === 'pt') expect(headers).toEqual(expect.arrayContaining(['Nome', 'Sobrenome', 'Telefone', 'Bairro', 'Data de nascimento']));
      const up = await upload(admin(), `${headers.join(',')}\r\nLi,Li,Li,li.${unique()}@example.com,0412345678,,Ryde,,,\r\n`);
      expect(up.json().columns.every((c: { field: string | null }) => c.field !== null)).toBe(true);
    }
    const xlsx = await call('GET', '/people-imports/template.xlsx?language=es', admin());
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const up = await upload(admin(), Buffer.concat([xlsx.rawPayload]), 'plantilla.xlsx');
    expect(up.statusCode).toBe(400);
    expect((await call('GET', '/people-imports/template.csv', app.cast.staff.cookie)).statusCode).toBe(403);
    expect(await app.t.ctx.db.select({ id: users.id }).from(users).where(like(users.email, 'li.%'))).toHaveLength(0);
  });
});
