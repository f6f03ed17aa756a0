import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidAbn, isValidTfn } from '@app/shared';
import { auditLog, staffDetails } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie } from '../../../test/helpers/factories';

const app = useCastApp();
const { call } = app;

const TFN = '123456782';
const ABN = '51824753556';
let n = 0;
const newStaff = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace', lastName: 'Nguyen', email: `grace.${++n}.${Date.now()}@example.com`, phone: '0412345678', suburb: 'Burwood',
  churchId: app.cast.church.id, password: 'quiet-harbour7', jobTitle: 'Youth pastor', department: 'Youth', employmentType: 'part-time',
  workLocation: 'hybrid', startDate: '2025-02-01', workEmail: 'grace@church.org.au', languagesSpoken: 'English, Vietnamese',
  linkedinUrl: 'https://www.linkedin.com/in/grace', salary: '62000', payType: 'annual',
  bankDetails: { bsb: '062-000', accountNumber: '55566677', accountName: 'G Nguyen' }, tfnAbn: TFN,
  workVisaStatus: 'Permanent resident', emergencyContact: 'Tom Nguyen 0499888777', ...overrides,
});

describe('Australian checks', () => {
  it('accepts a TFN or ABN only when its check digits add up', () => {
    expect(isValidTfn(TFN)).toBe(true);
    expect(isValidTfn('123456789')).toBe(false);
    expect(isValidAbn(ABN)).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
  });
});

describe('POST /staff', () => {
  it('answers each broken staff rule on its field', async () => {
    const res = await call('POST', '/staff', app.cast.churchAdmin.cookie, newStaff({
      tfnAbn: '123456789', bankDetails: { bsb: '06200', accountNumber: '123' }, workEmail: 'nope', linkedinUrl: 'https://example.com/me',
      employmentType: 'volunteer', startDate: '2025-02-01', endDate: '2024-01-01', salary: 'lots',
    }));
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries((res.json().errors as Array<{ field: string; key: string }>).map((e) => [e.field, e.key]));
    expect(byField).toMatchObject({
      tfnAbn: 'validation.tfnAbnInvalid',
      'bankDetails.bsb': 'validation.bsbInvalid',
      'bankDetails.accountNumber': 'validation.accountNumberInvalid',
      workEmail: 'validation.emailInvalid',
      linkedinUrl: 'validation.linkedinInvalid',
      employmentType: 'validation.invalidChoice',
      salary: 'validation.salaryInvalid',
    });
  });

  it('stores pay encrypted: the TFN is nowhere in the database files', async () => {
    const res = await call('POST', '/staff', app.cast.churchAdmin.cookie, newStaff({ tfnAbn: '876 543 210', bankDetails: '062-000 98765432' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ role: 'staff', jobTitle: 'Youth pastor', hasPayroll: true, payrollMasked: true });
    expect(body.payroll.tfnAbn).toBe('••••210');
    expect(JSON.stringify(body)).not.toContain('876543210');
    const [row] = await app.t.ctx.db.select().from(staffDetails).where(eq(staffDetails.userId, body.id));
    expect(JSON.stringify(row)).not.toMatch(/876543210|98765432|62000|Permanent resident/);
    if (app.t.ctx.dbKind === 'pglite') {
      // PGlite keeps its files in memory in tests: dump them and search the raw bytes.
      const pglite = (app.t.database as unknown as { db: { $client: { dumpDataDir(c: 'none'): Promise<Blob> } } }).db.$client;
      const raw = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
      expect(raw.includes(Buffer.from('876543210'))).toBe(false);
      expect(raw.includes(Buffer.from('98765432'))).toBe(false);
    }
    for (const file of await listFiles(app.t.config.DATA_DIR)) expect((await readFile(file)).includes(Buffer.from('876543210'))).toBe(false);
  });

  it('is for church admins of that church and platform admins only', async () => {
    expect((await call('POST', '/staff', app.cast.staff.cookie, newStaff())).statusCode).toBe(403);
    expect((await call('POST', '/staff', app.cast.member.cookie, newStaff())).statusCode).toBe(403);
    expect((await call('POST', '/staff', app.cast.otherAdmin.cookie, newStaff())).statusCode).toBe(403);
    expect((await call('POST', '/staff', app.cast.platformAdmin.cookie, newStaff({ churchId: app.cast.otherChurch.id }))).statusCode).toBe(201);
  });
});

describe('staff lists, reveal and own record', () => {
  let staffId: string;
  beforeAll(async () => {
    staffId = (await call('POST', '/staff', app.cast.churchAdmin.cookie, newStaff({ firstName: 'Revealia', tfnAbn: ABN }))).json().id;
  });

  it('never puts a pay value in a list or export, masked or not', async () => {
    const list = await call('GET', '/staff?q=revealia', app.cast.churchAdmin.cookie);
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({ firstName: 'Revealia', hasPayroll: true });
    expect(list.json().items[0]).not.toHaveProperty('payroll');
    const csv = await call('GET', '/staff/export.csv?q=revealia', app.cast.churchAdmin.cookie);
    expect(csv.body).toContain('Revealia');
    for (const secret of [ABN, '55566677', '62000', 'Permanent resident', 'Tom Nguyen', '••••']) {
      expect(list.body).not.toContain(secret);
      expect(csv.body).not.toContain(secret);
    }
  });

  it('reveals one record to its church admin and writes the reveal to the audit log', async () => {
    const res = await call('POST', `/staff/${staffId}/payroll/reveal`, app.cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().payroll).toEqual({
      salary: '62000', payType: 'annual', bankDetails: { bsb: '062000', accountNumber: '55566677', accountName: 'G Nguyen' },
      tfnAbn: ABN, workVisaStatus: 'Permanent resident', emergencyContact: 'Tom Nguyen 0499888777',
    });
    const audit = await app.t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, staffId), eq(auditLog.action, 'staff.payroll_revealed')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: app.cast.churchAdmin.user.id, churchId: app.cast.church.id });
    expect(JSON.stringify(audit[0]?.details)).not.toContain(ABN);
  });

  it('refuses the reveal to staff (403), another church’s admin (404) and members (403)', async () => {
    expect((await call('POST', `/staff/${staffId}/payroll/reveal`, app.cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/staff/${staffId}/payroll/reveal`, app.cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/staff/${staffId}/payroll/reveal`, app.cast.member.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/staff/${staffId}`, app.cast.otherAdmin.cookie)).statusCode).toBe(404);
  });

  it('shows a staff member their own record whole, and not a colleague’s', async () => {
    const own = await call('GET', `/staff/${staffId}`, await sessionCookie(app.t.ctx.db, staffId));
    expect(own.json()).toMatchObject({ payrollMasked: false, payroll: { tfnAbn: ABN } });
    const colleague = await call('GET', `/staff/${staffId}`, app.cast.staff.cookie);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.body).not.toContain(ABN);
    expect((await call('GET', '/staff', app.cast.staff.cookie)).statusCode).toBe(403);
  });

  it('edits the record and clears a pay field, keeping the others', async () => {
    const res = await call('PATCH', `/staff/${staffId}`, app.cast.churchAdmin.cookie, { department: 'Music', emergencyContact: '' });
    expect(res.statusCode, res.body).toBe(200);
    const revealed = (await call('POST', `/staff/${staffId}/payroll/reveal`, app.cast.platformAdmin.cookie)).json();
    expect(revealed).toMatchObject({ department: 'Music', payroll: { emergencyContact: null, tfnAbn: ABN } });
  });

  it('lists every church’s staff for a platform admin, filtered by church', async () => {
    await buildUser(app.t.ctx.db, 'staff', { churchId: app.cast.otherChurch.id, firstName: 'Farchurch' });
    const all = (await call('GET', '/staff?q=farchurch', app.cast.platformAdmin.cookie)).json();
    expect(all.items.map((s: { firstName: string }) => s.firstName)).toEqual(['Farchurch']);
    const own = (await call('GET', '/staff?q=farchurch', app.cast.churchAdmin.cookie)).json();
    expect(own.total).toBe(0);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const full = path.join(dir, name);
    if ((await stat(full)).isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out;
}

describe('what an API client may send', () => {
  it('takes bank details and salary as plain text, and reveals under /reveal too', async () => {
    const res = await call('POST', '/staff', app.cast.churchAdmin.cookie, newStaff({ bankDetails: 'BSB 062-000 Account 99887766', salary: '$42.50 per hour', payType: undefined, tfnAbn: ABN }));
    expect(res.statusCode, res.body).toBe(201);
    const revealed = await call('POST', `/staff/${res.json().id}/reveal`, app.cast.churchAdmin.cookie);
    expect(revealed.json().payroll).toMatchObject({ salary: '42.50', payType: 'hourly', bankDetails: { bsb: '062000', accountNumber: '99887766' } });
  });
});
