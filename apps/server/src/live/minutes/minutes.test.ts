import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildChurch } from '../../../test/helpers/factories';
import { sermons } from '../../db/schema';
import { newBroadcastId } from '../../lib/ids';
import { minutesUsedThisWeek, secondsUsedThisWeek } from './minutes';

const at = (iso: string) => new Date(iso);

describe('minutes used this week', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('sums charged seconds of sermons started since Monday 00:00 in the church time zone', async () => {
    const church = await buildChurch(t.ctx.db, { timeZone: 'Australia/Sydney' });
    const other = await buildChurch(t.ctx.db);
    const now = at('2025-06-18T02:00:00Z');
    const sermon = (churchId: string, startedAt: string, chargedSeconds: number) => ({
      broadcastId: newBroadcastId(), churchId, sourceLanguage: 'en', status: 'ended' as const, startedAt: at(startedAt), chargedSeconds,
    });
    await t.ctx.db.insert(sermons).values([
      sermon(church.id, '2025-06-15T14:00:00Z', 600), // Monday 00:00 Sydney: counts
      sermon(church.id, '2025-06-17T23:00:00Z', 930), // this week: counts
      sermon(church.id, '2025-06-15T13:59:59Z', 3000), // Sunday 23:59:59: last week
      sermon(other.id, '2025-06-16T00:00:00Z', 1200), // another church
    ]);
    expect(await secondsUsedThisWeek(t.ctx.db, church.id, 'Australia/Sydney', now)).toBe(1530);
    expect(await minutesUsedThisWeek(t.ctx.db, church.id, 'Australia/Sydney', now)).toBe(25.5);
    // In Perth the week began two hours later, so the Monday-midnight sermon falls in last week.
    expect(await minutesUsedThisWeek(t.ctx.db, church.id, 'Australia/Perth', now)).toBe(15.5);
  });

  it('is zero for a church that has not streamed', async () => {
    const church = await buildChurch(t.ctx.db);
    expect(await minutesUsedThisWeek(t.ctx.db, church.id, 'Australia/Sydney')).toBe(0);
  });
});
