import { and, eq, gt, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, peopleImportItems, peopleImports, users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { sessionCookie } from '../../../test/helpers/factories';
import { importSteps } from './import-test-helpers';
import { kickImportWorker } from './worker';

const app = useCastApp();
const { call } = app;
const { upload, importFile } = importSteps(app);

let n = 0;
const unique = () => `${Date.now()}${++n}`;

const planningCenter = (tag: string) => [
  'Person ID,First Name,Last Name,Birthdate,Mobile Phone Number,Home Email,Home Address Street Line 1,Home Address City,Home Address Zip Code',
  `1,Maria,Santos,07/04/1990,+61 412 345 678,maria.${tag}@example.com,1 George St,Parramatta,2150`,
  `2,Joao,Pereira,1985-12-25,(02) 9267 5555,joao.${tag}@example.com,,Ryde,2112`,
  `3,Al,Li,,123,not-an-email,,,`,
  `4,Marta,Santos,,0412-345-678,MARIA.${tag}@example.com,,Parramatta,2150`,
  `5,"=HYPERLINK(""http://x"")",Evil,,0412345678,evil.${tag}@example.com,"=cmd|' /C calc'!A0",Sydney,2000`,
].join('\r\n');

describe('people import', () => {
  it('matches columns, previews every row with its warnings or reasons, writes nothing until confirmed', async () => {
    const tag = unique();
    const up = await upload(app.cast.churchAdmin.cookie, planningCenter(tag));
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().columns.map((c: { field: string | null }) => c.field)).toEqual([null, 'firstName', 'lastName', 'dateOfBirth', 'phone', 'email', 'address', 'suburb', null]);
    const mapping = up.json().columns.map((c: { field: string | null }) => c.field);
    const preview = await call('POST', `/people-imports/${up.json().id}/preview`, app.cast.churchAdmin.cookie, { mapping });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as Array<{ row: number; outcome: string; reasons: Array<{ field: string; key: string }>; cells?: string[] }>;
    // Al Li has a name but, with the email and phone unreadable, nothing to be known by (decision 042).
    expect(rows.map((r) => r.outcome)).toEqual(['new', 'new', 'refused', 'refused', 'new']);
    expect(rows[2]!.reasons.map((r) => r.key)).toEqual(['peopleImport.reason.noIdentity', 'validation.emailInvalid', 'validation.phoneExactly10']);
    expect(rows[3]!.reasons[0]!.key).toBe('peopleImport.reason.duplicateInFile');
    // A formula is no name: the first name is left empty with a warning, the person kept by their last name and email.
    expect(preview.json().rows[4].warnings).toEqual([expect.objectContaining({ field: 'firstName', key: 'validation.nameChars' })]);
    expect(rows[2]!.cells?.[1]).toBe('Al');
    const written = await app.t.ctx.db.select().from(users).where(eq(users.email, `maria.${tag}@example.com`));
    expect(written).toHaveLength(0);
  });

  it('imports as members of the church, not invited unless asked, never twice, audited; the same file again changes nothing', async () => {
    const tag = unique();
    const { status } = await importFile(app.cast.churchAdmin.cookie, planningCenter(tag));
    expect(status).toMatchObject({ status: 'done', created: 3, updated: 0, done: 3, toWrite: 3 });
    const [maria] = await app.t.ctx.db.select().from(users).where(eq(users.email, `maria.${tag}@example.com`));
    expect(maria).toMatchObject({ role: 'member', churchId: app.cast.church.id, phone: '0412345678', dateOfBirth: '1990-04-07', suburb: 'Parramatta', address: '1 George St', accountStatus: 'imported' });
    const login = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: maria!.email, password: '!imported' } });
    expect(login.statusCode).toBe(401);
    const again = await importFile(app.cast.churchAdmin.cookie, planningCenter(tag));
    expect(again.preview.counts).toEqual({ new: 0, update: 0, unchanged: 3, refused: 2, warnings: 1 });
    expect(again.status).toMatchObject({ created: 0, updated: 0 });
    const audit = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.churchId, app.cast.church.id), inArray(auditLog.action, ['people.import_confirmed', 'people.imported'])));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('undoes: created people removed unless they signed in, updated fields restored', async () => {
    const tag = unique();
    const first = await importFile(app.cast.churchAdmin.cookie, planningCenter(tag));
    expect(first.status.created).toBe(3);
    const [joao] = await app.t.ctx.db.select().from(users).where(eq(users.email, `joao.${tag}@example.com`));
    await sessionCookie(app.t.ctx.db, joao!.id);
    const undoFirst = await call('POST', `/people-imports/${first.id}/undo`, app.cast.churchAdmin.cookie);
    expect(undoFirst.statusCode, undoFirst.body).toBe(200);
    expect(undoFirst.json()).toMatchObject({ removed: 2, restored: 0, kept: [{ email: `joao.${tag}@example.com`, why: 'signedIn' }] });
    expect(await app.t.ctx.db.select().from(users).where(eq(users.email, `maria.${tag}@example.com`))).toHaveLength(0);
    expect((await call('POST', `/people-imports/${first.id}/undo`, app.cast.churchAdmin.cookie)).statusCode).toBe(409);
    const audit = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, first.id), eq(auditLog.action, 'people.import_undone')));
    expect(audit).toHaveLength(1);

    const other = unique();
    await importFile(app.cast.churchAdmin.cookie, planningCenter(other));
    const moved = planningCenter(other).replace('1 George St,Parramatta', '9 Church St,Hornsby');
    const second = await importFile(app.cast.churchAdmin.cookie, moved);
    expect(second.preview.counts).toMatchObject({ update: 1, unchanged: 2 });
    expect(second.preview.rows[0].changes).toEqual(['suburb', 'address']);
    const undoSecond = await call('POST', `/people-imports/${second.id}/undo`, app.cast.churchAdmin.cookie);
    expect(undoSecond.json()).toMatchObject({ removed: 0, restored: 1, kept: [] });
    const [maria] = await app.t.ctx.db.select().from(users).where(eq(users.email, `maria.${other}@example.com`));
    expect(maria).toMatchObject({ suburb: 'Parramatta', address: '1 George St' });
  });

  it('mails invitations in the person’s language when asked', async () => {
    const tag = unique();
    const csv = `First Name,Last Name,Email,Mobile,Suburb,Language\r\nLucia,Gomez,lucia.${tag}@example.com,0412345678,Ryde,Español\r\n`;
    const { status } = await importFile(app.cast.churchAdmin.cookie, csv, 'people.csv', true);
    expect(status.created).toBe(1);
    const { sendImportInvitations } = await import('./worker');
    await sendImportInvitations(app.t.ctx, 100);
    const { outboxFor } = await import('../auth/test-outbox');
    const [mail] = await outboxFor(app.t.config.DATA_DIR, `lucia.${tag}@example.com`);
    expect(mail?.text).toMatch(/Elige tu contraseña/);
  });

  it('is for church admins of their church and platform admins of any; others get 403 or 404', async () => {
    const csv = 'First Name,Last Name\r\nMaria,Santos\r\n';
    expect((await upload(app.cast.staff.cookie, csv)).statusCode).toBe(403);
    expect((await upload(app.cast.member.cookie, csv)).statusCode).toBe(403);
    expect((await upload(app.cast.churchAdmin.cookie, csv, 'p.csv', { churchId: app.cast.otherChurch.id })).statusCode).toBe(404);
    const mine = await upload(app.cast.churchAdmin.cookie, csv);
    const id = mine.json().id;
    for (const [method, url, body] of [['GET', `/people-imports/${id}`], ['POST', `/people-imports/${id}/preview`, { mapping: [] }], ['POST', `/people-imports/${id}/undo`]] as const) {
      expect((await call(method, url, app.cast.otherAdmin.cookie, body)).statusCode).toBe(404);
    }
    const platform = await upload(app.cast.platformAdmin.cookie, csv, 'p.csv', { churchId: app.cast.otherChurch.id });
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json().churchId).toBe(app.cast.otherChurch.id);
    const list = await call('GET', '/people-imports', app.cast.otherAdmin.cookie);
    expect(list.json().every((i: { churchId: string }) => i.churchId === app.cast.otherChurch.id)).toBe(true);
  });

  it('answers a file that is no spreadsheet with 415', async () => {
    const pdf = await upload(app.cast.churchAdmin.cookie, Buffer.from('%PDF-1.4\n\0\0\0'), 'people.pdf');
    expect(pdf.statusCode).toBe(415);
  });

  it('exports CSV and XLSX that an import reads back without a change', async () => {
    const tag = unique();
    await importFile(app.cast.churchAdmin.cookie, planningCenter(tag));
    const xlsx = await call('GET', '/users/export.xlsx', app.cast.churchAdmin.cookie);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const back = await importFile(app.cast.churchAdmin.cookie, xlsx.rawPayload, 'users.xlsx');
    expect(back.preview.counts.new).toBe(0);
    expect(back.preview.counts.update).toBe(0);
    expect(back.preview.counts.unchanged).toBeGreaterThanOrEqual(2);
    const csv = await call('GET', '/users/export.csv', app.cast.churchAdmin.cookie);
    const again = await importFile(app.cast.churchAdmin.cookie, csv.rawPayload, 'users.csv');
    expect(again.preview.counts).toMatchObject({ new: 0, update: 0 });
  });

  it('resumes after a restart: committed batches stay, the rest is written once', async () => {
    const tag = unique();
    const lines = ['First Name,Last Name,Email,Mobile,Suburb'];
    for (let i = 0; i < 450; i++) lines.push(`Maria,Santos,bulk${i}.${tag}@example.com,0412345678,Ryde`);
    const first = await importFile(app.cast.churchAdmin.cookie, lines.join('\n'));
    expect(first.status).toMatchObject({ status: 'done', created: 450 });
    const db = app.t.ctx.db;
    const kept = await db.select({ rowNo: peopleImportItems.rowNo, userId: peopleImportItems.userId }).from(peopleImportItems).where(eq(peopleImportItems.importId, first.id));
    // As if the process had died after the first batch committed: later rows unwritten.
    const later = kept.filter((k) => k.rowNo > 201).map((k) => k.userId!);
    await db.delete(users).where(inArray(users.id, later));
    await db.update(peopleImportItems).set({ done: false, userId: null }).where(and(eq(peopleImportItems.importId, first.id), gt(peopleImportItems.rowNo, 201)));
    await db.update(peopleImports).set({ status: 'running', done: 200, created: 200, finishedAt: null }).where(eq(peopleImports.id, first.id));
    await kickImportWorker(app.t.ctx);
    const after = await call('GET', `/people-imports/${first.id}`, app.cast.churchAdmin.cookie);
    expect(after.json()).toMatchObject({ status: 'done', created: 450, done: 450 });
    const people = await db.select({ id: users.id }).from(users).where(like(users.email, `bulk%.${tag}@example.com`));
    expect(people).toHaveLength(450);
    const firstBatch = await db.select({ rowNo: peopleImportItems.rowNo, userId: peopleImportItems.userId }).from(peopleImportItems).where(eq(peopleImportItems.importId, first.id));
    expect(firstBatch.filter((k) => k.rowNo <= 201)).toEqual(expect.arrayContaining(kept.filter((k) => k.rowNo <= 201)));
  });

  it('keeps formula text as text on import and neutralises it on export; invisible marks are dropped', async () => {
    const tag = unique();
    const csv = `First Name,Last Name,Email,Mobile,Suburb,Address\r\n\u200FMaria\u202E,Santos,formula.${tag}@example.com,0412345678,Ryde,"=HYPERLINK(""http://evil.example"")"\r\n`;
    await importFile(app.cast.churchAdmin.cookie, csv);
    const [person] = await app.t.ctx.db.select().from(users).where(eq(users.email, `formula.${tag}@example.com`));
    expect(person).toMatchObject({ firstName: 'Maria', address: '=HYPERLINK("http://evil.example")' });
    const exported = await call('GET', `/users/export.csv?q=formula.${tag}`, app.cast.churchAdmin.cookie);
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('forgets an upload left at the preview for a day', async () => {
    const up = await upload(app.cast.churchAdmin.cookie, 'First Name,Last Name\r\nMaria,Santos\r\n');
    const { forgetStalePreviews, PREVIEW_KEEP_MS } = await import('./worker');
    await forgetStalePreviews(app.t.ctx, new Date(Date.now() + PREVIEW_KEEP_MS - 60_000));
    expect((await call('GET', `/people-imports/${up.json().id}`, app.cast.churchAdmin.cookie)).statusCode).toBe(200);
    await forgetStalePreviews(app.t.ctx, new Date(Date.now() + PREVIEW_KEEP_MS + 60_000));
    expect((await call('GET', `/people-imports/${up.json().id}`, app.cast.churchAdmin.cookie)).statusCode).toBe(404);
  });
});
