import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { connectionOptions, NAME_BY_TEXT, NamedStatementClient } from './named-statements';

// PostgreSQL only: PGlite has no connection-level prepared statements.
describe.runIf(process.env.TEST_DB === 'postgres')('statements prepared by their text', () => {
  let t: TestApp;
  let pool: pg.Pool;
  beforeAll(async () => {
    t = await createTestApp();
    pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 1, Client: NamedStatementClient, options: connectionOptions });
    // `pool.end()` resolves before its client's socket has closed, and the test database is then
    // dropped with force: the server ends that connection, and a pool with no error listener throws.
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  const prepared = async () => (await pool.query<{ statement: string; generic_plans: string }>(
    'select statement, generic_plans from pg_prepared_statements',
  )).rows;

  it('prepares a statement named by its text once per connection, planned once, and answers each value', async () => {
    const text = 'select $1::int + 1 as n';
    for (const value of [1, 2, 3]) {
      const res = await pool.query({ name: NAME_BY_TEXT, text }, [value]);
      expect(res.rows[0].n).toBe(value + 1);
    }
    const mine = (await prepared()).filter((p) => p.statement === text);
    expect(mine).toHaveLength(1);
    // Only Bind and Execute after the first use, one generic plan for all three.
    expect(Number(mine[0]!.generic_plans)).toBe(3);
  });

  it('leaves other statements and pattern searches unnamed, so they are planned for their values', async () => {
    await pool.query('select $1::text as plain', ['x']);
    const search = "select 'Maria' like '%' || $1 || '%' as found";
    expect((await pool.query({ name: NAME_BY_TEXT, text: search }, ['ari'])).rows[0].found).toBe(true);
    const texts = (await prepared()).map((p) => p.statement);
    expect(texts).not.toContain('select $1::text as plain');
    expect(texts).not.toContain(search);
  });

  it('gives two texts two names', async () => {
    await pool.query({ name: NAME_BY_TEXT, text: 'select $1::int * 2 as n' }, [4]);
    await pool.query({ name: NAME_BY_TEXT, text: 'select $1::int * 3 as n' }, [4]);
    const texts = (await prepared()).map((p) => p.statement);
    expect(texts).toEqual(expect.arrayContaining(['select $1::int * 2 as n', 'select $1::int * 3 as n']));
  });
});
