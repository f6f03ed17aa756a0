import pg from 'pg';

/** A fresh database `name` on the server `adminUrl` names, so a benchmark never touches real data. */
export async function freshPostgres(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
