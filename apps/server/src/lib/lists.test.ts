import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { buildChurch, buildUser } from '../../test/helpers/factories';
import { useCastApp } from '../../test/helpers/cast-app';
import { usersSource } from '../modules/users/service';
import { listAll, listPage } from './lists';
import { whereShape } from './list-statements';
import { allOf, personFilters } from '../modules/users/person-source';

const app = useCastApp();

describe('listAll (the export)', () => {
  it('gives every row once, in the list order, across key chunks and row batches of any size', async () => {
    for (let i = 0; i < 23; i++) await buildUser(app.t.ctx.db, 'member', { lastName: `Export${String.fromCharCode(97 + (i * 7) % 26)}` });
    const source = usersSource(app.t.ctx);
    for (const sort of ['lastName', '-lastName', '-createdAt']) {
      const page = await listPage(source, { page: 1, pageSize: 100, sort }, undefined);
      expect(page.total).toBeGreaterThan(23);
      const whole: string[] = [];
      for await (const item of listAll(source, sort, undefined, { keyChunk: 7, batch: 3 })) whole.push(item.id);
      expect(whole).toEqual(page.items.map((p) => p.id));
    }
  });
});

describe('listPage', () => {
  it('gives the same pages whether a page is read directly or its keys are found first (deep pages)', async () => {
    for (let i = 0; i < 11; i++) await buildUser(app.t.ctx.db, 'member', { lastName: `Paged${String.fromCharCode(97 + (i * 5) % 26)}` });
    const source = usersSource(app.t.ctx);
    for (const sort of ['lastName', '-createdAt']) {
      const pages = async (deferredJoinFrom: number) => {
        const ids: string[] = [];
        const first = await listPage(source, { page: 1, pageSize: 4, sort }, undefined, deferredJoinFrom);
        for (let page = 1; page <= Math.ceil(first.total / 4); page++) {
          ids.push(...(await listPage(source, { page, pageSize: 4, sort }, undefined, deferredJoinFrom)).items.map((p) => p.id));
        }
        return { ids, total: first.total };
      };
      const direct = await pages(Number.POSITIVE_INFINITY);
      const deferred = await pages(0);
      expect(new Set(direct.ids).size).toBe(direct.total);
      expect(deferred.ids).toEqual(direct.ids);
    }
  });
});

describe('statements reused by shape', () => {
  it('runs one statement per shape with each request\'s own values: each church gets its own people', async () => {
    const [a, b] = [await buildChurch(app.t.ctx.db), await buildChurch(app.t.ctx.db)];
    for (let i = 0; i < 5; i++) await buildUser(app.t.ctx.db, 'member', { churchId: a.id, lastName: `Shape A${i}` });
    for (let i = 0; i < 3; i++) await buildUser(app.t.ctx.db, 'member', { churchId: b.id, lastName: `Shape B${i}` });
    const shared = usersSource(app.t.ctx);
    const fresh = { ...shared, statements: undefined };
    for (const church of [a, b, a]) {
      for (const request of [{ page: 1, pageSize: 2, sort: 'lastName' }, { page: 2, pageSize: 2, sort: 'lastName' }, { page: 1, pageSize: 10, sort: '-createdAt' }]) {
        const where = () => allOf(personFilters({ churchScope: church.id }));
        const reused = await listPage(shared, request, where());
        expect(reused).toEqual(await listPage(fresh, request, where()));
        expect(reused.total).toBe(church === a ? 5 : 3);
        const churchOf = async (id: string) => (await app.t.ctx.db.select({ c: users.churchId }).from(users).where(eq(users.id, id)))[0]?.c;
        for (const item of reused.items) expect(await churchOf(item.id)).toBe(church.id);
      }
    }
  });

  it('tells a condition by its text and carries its values apart', () => {
    const shape = whereShape(allOf(personFilters({ churchScope: 'c1', role: 'member' })));
    expect(shape.text).toContain('"users"."church_id" = $1');
    expect(Object.values(shape.values)).toEqual(['c1', 'member']);
    expect(whereShape(allOf(personFilters({ churchScope: 'c2', role: 'staff' }))).text).toBe(shape.text);
    expect(whereShape(undefined)).toMatchObject({ text: '', values: {} });
  });
});
