import { beforeAll, describe, expect, it } from 'vitest';
import type { TranslationUsageRow } from '@app/shared';
import { useCastApp } from '../../../test/helpers/cast-app';
import { translationUsage } from '../../db/schema';
import { weekStartDate } from '../../providers/translation/usage-meter';

const app = useCastApp();

const monday = (weeksAgo: number) => new Date(Date.parse(`${weekStartDate('Australia/Sydney')}T00:00:00Z`) - weeksAgo * 7 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const { church, otherChurch } = app.cast;
  await app.t.ctx.db.insert(translationUsage).values([
    { churchId: church.id, weekStart: monday(0), engine: 'deepl', purpose: 'final', units: 12_000, requests: 300, failures: 2 },
    { churchId: church.id, weekStart: monday(0), engine: 'deepl', purpose: 'partial', units: 30_000, requests: 900, failures: 5 },
    { churchId: church.id, weekStart: monday(0), engine: 'openai', purpose: 'final', units: 4_500, requests: 20, failures: 0 },
    { churchId: church.id, weekStart: monday(3), engine: 'deepl', purpose: 'final', units: 9_000, requests: 250, failures: 0 },
    { churchId: church.id, weekStart: monday(20), engine: 'deepl', purpose: 'final', units: 1, requests: 1, failures: 0 },
    { churchId: otherChurch.id, weekStart: monday(0), engine: 'google', purpose: 'final', units: 777, requests: 7, failures: 0 },
  ]);
});

const usage = (cookie: string, query = '') => app.call('GET', `/analytics/translation-usage${query}`, cookie);
const rows = (res: { json(): unknown }) => (res.json() as { rows: TranslationUsageRow[] }).rows;

describe('GET /analytics/translation-usage', () => {
  it("shows a church admin their church's weeks, partial and final apart, tokens for the model", async () => {
    const res = await usage(app.cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(rows(res)).toEqual([
      expect.objectContaining({ weekStart: monday(0), engine: 'deepl', unit: 'characters', partialUnits: 30_000, finalUnits: 12_000, requests: 1200, failures: 7 }),
      expect.objectContaining({ weekStart: monday(0), engine: 'openai', unit: 'tokens', partialUnits: 0, finalUnits: 4_500 }),
      expect.objectContaining({ weekStart: monday(3), engine: 'deepl', finalUnits: 9_000 }),
    ]);
    expect(rows(res).every((r) => r.churchId === app.cast.church.id && r.churchName === app.cast.church.name)).toBe(true);
  });

  it('goes back as many weeks as asked', async () => {
    expect(rows(await usage(app.cast.churchAdmin.cookie, '?weeks=1'))).toHaveLength(2);
    expect(rows(await usage(app.cast.churchAdmin.cookie, '?weeks=26'))).toHaveLength(4);
    expect((await usage(app.cast.churchAdmin.cookie, '?weeks=99')).statusCode).toBe(400);
  });

  it("answers 404 when a church admin asks for another church's figures", async () => {
    const res = await usage(app.cast.churchAdmin.cookie, `?churchId=${app.cast.otherChurch.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('777');
  });

  it('shows platform admins every church, or the one they filter by', async () => {
    const all = rows(await usage(app.cast.platformAdmin.cookie));
    expect(new Set(all.map((r) => r.churchId))).toEqual(new Set([app.cast.church.id, app.cast.otherChurch.id]));
    const one = rows(await usage(app.cast.platformAdmin.cookie, `?churchId=${app.cast.otherChurch.id}`));
    expect(one).toEqual([expect.objectContaining({ engine: 'google', finalUnits: 777, churchName: app.cast.otherChurch.name })]);
  });

  it('is not for staff, members or anyone signed out', async () => {
    expect((await usage(app.cast.staff.cookie)).statusCode).toBe(403);
    expect((await usage(app.cast.member.cookie)).statusCode).toBe(403);
    expect((await usage('')).statusCode).toBe(401);
  });
});
