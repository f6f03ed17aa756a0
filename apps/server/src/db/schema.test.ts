import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { seedDemoData } from '../seed/seed';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('data model', () => {
  it('has a table for every entity of spec section 3', async () => {
    const rows = await t.ctx.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = (Array.isArray(rows) ? rows : rows.rows).map((r: { table_name: string }) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining([
      'users', 'staff_details', 'churches', 'church_languages', 'events', 'event_images', 'sermons',
      'transcript_segments', 'segment_translations', 'listener_sessions', 'deletion_requests', 'feedback',
      'server_sessions', 'password_reset_codes', 'audit_log',
    ]));
  });

  it('refuses a second account whose email differs only in letter case', async () => {
    await seedDemoData(t.ctx.db);
    await expect(t.ctx.db.execute(sql`insert into users (email, password_hash, first_name, referral_code) values ('ADMIN@Demo.Church', 'x', 'Dup', 'ZZZZZZZZ')`)).rejects.toThrow();
  });

  it('writes demo data once and never twice', async () => {
    expect(await seedDemoData(t.ctx.db)).toBe(false);
    const rows = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like '%@demo.church'`);
    expect((Array.isArray(rows) ? rows : rows.rows)[0]).toEqual({ n: 4 });
  });
});
