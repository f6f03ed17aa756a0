import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/helpers/factories';
import { useCastApp } from '../../test/helpers/cast-app';
import { usersSource } from '../modules/users/service';
import { listAll, listPage } from './lists';

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
