import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { peopleImportItems, peopleImports, users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { insertItems } from './bulk-sql';
import { importSteps } from './import-test-helpers';
import { paceOf } from './pace';
import { forgetStalePreviews, kickImportWorker, PREVIEW_KEEP_MS } from './worker';

// A confirm writes its items in several short transactions (decision 036, "Live captions first"):
// what a person sees must still be all or nothing.
const app = useCastApp();
const { call } = app;
const { upload } = importSteps(app);

const peopleCsv = (tag: string, n: number) => ['First Name,Last Name,Email,Mobile,Suburb', ...Array.from({ length: n }, (_, i) => `Maria,Santos,step${i}.${tag}@example.com,0412345678,Ryde`)].join('\n');

async function uploaded(tag: string, n: number) {
  const up = await upload(app.cast.churchAdmin.cookie, peopleCsv(tag, n));
  expect(up.statusCode, up.body).toBe(201);
  return { id: up.json().id as string, mapping: up.json().columns.map((c: { field: string | null }) => c.field) };
}

describe('confirming an import', () => {
  it('leaves nothing written when it fails half-way, and can be confirmed again', async () => {
    const tag = `${Date.now()}`;
    const { id, mapping } = await uploaded(tag, 400);
    const db = app.t.ctx.db;
    // The database refuses the 301st row's item (row 302, under the header): after the first transactions of items committed.
    await db.execute(sql.raw(`create function fail_${tag}() returns trigger language plpgsql as $$ begin
      if new.import_id = '${id}' and new.row_no = 302 then raise exception 'disk full'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger fail_${tag} before insert on people_import_items for each row execute function fail_${tag}()`));
    try {
      const failed = await call('POST', `/people-imports/${id}/confirm`, app.cast.churchAdmin.cookie, { mapping, invite: false });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger fail_${tag} on people_import_items`));
      await db.execute(sql.raw(`drop function fail_${tag}()`));
    }
    expect(await db.select().from(peopleImportItems).where(eq(peopleImportItems.importId, id))).toHaveLength(0);
    expect((await call('GET', `/people-imports/${id}`, app.cast.churchAdmin.cookie)).json()).toMatchObject({ status: 'preview', done: 0, toWrite: 0 });
    await kickImportWorker(app.t.ctx);
    expect(await db.select().from(users).where(like(users.email, `step%.${tag}@example.com`))).toHaveLength(0);

    const again = await call('POST', `/people-imports/${id}/confirm`, app.cast.churchAdmin.cookie, { mapping, invite: false });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ status: 'queued', toWrite: 400 });
    await kickImportWorker(app.t.ctx);
    expect((await call('GET', `/people-imports/${id}`, app.cast.churchAdmin.cookie)).json()).toMatchObject({ status: 'done', done: 400, created: 400 });
    expect(await db.select().from(users).where(like(users.email, `step%.${tag}@example.com`))).toHaveLength(400);
  });

  it('is not started while its items are still being written, nor confirmed twice; cut off by a crash, it is forgotten after a day', async () => {
    const tag = `${Date.now()}`;
    const { id, mapping } = await uploaded(tag, 3);
    const db = app.t.ctx.db;
    // As a confirm in progress leaves it: claimed, some items in.
    await db.update(peopleImports).set({ status: 'preparing', toWrite: 3 }).where(eq(peopleImports.id, id));
    const values = { firstName: 'Maria', lastName: 'Santos', email: `step0.${tag}@example.com`, phone: '0412345678', suburb: 'Ryde' };
    await insertItems(db, id, [{ rowNo: 2, kind: 'new', email: values.email, values, userId: null }], paceOf(app.t.ctx));
    await kickImportWorker(app.t.ctx);
    expect(await db.select().from(users).where(like(users.email, `step%.${tag}@example.com`))).toHaveLength(0);
    const shown = (await call('GET', `/people-imports/${id}`, app.cast.churchAdmin.cookie)).json();
    expect(shown).toMatchObject({ status: 'preparing', done: 0, toWrite: 3, undoUntil: null });
    expect((await call('POST', `/people-imports/${id}/confirm`, app.cast.churchAdmin.cookie, { mapping, invite: false })).statusCode).toBe(409);
    await forgetStalePreviews(app.t.ctx, new Date(Date.now() + PREVIEW_KEEP_MS + 60_000));
    expect((await call('GET', `/people-imports/${id}`, app.cast.churchAdmin.cookie)).statusCode).toBe(404);
    expect(await db.select().from(peopleImportItems).where(eq(peopleImportItems.importId, id))).toHaveLength(0);
  });
});
