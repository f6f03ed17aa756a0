import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

// PostgreSQL only: PGlite has no connections to lose.
describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL pool', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('survives the server closing its idle connections (a restart, a failover) and answers the next query', async () => {
    await t.ctx.db.execute(sql`select 1`);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(t.config.DATABASE_URL!).pathname.slice(1)],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    // The pool heard the closed connection (no uncaught error) and opens a fresh one.
    await new Promise((r) => setTimeout(r, 100));
    const res = await t.ctx.db.execute<{ n: number }>(sql`select 2 as n`);
    expect(Number(res.rows[0]?.n)).toBe(2);
  });
});
