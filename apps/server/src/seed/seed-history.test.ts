import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { seedDemoData } from './seed';
import { sundayAt } from './seed-history';

let t: TestApp;
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemoData(t.ctx.db);
  seedMs = performance.now() - started;
});
afterAll(async () => { await t.close(); });

const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = await t.ctx.db.execute<T & Record<string, unknown>>(query);
  return (Array.isArray(result) ? result : result.rows) as T[];
};

describe('the demo with a month of history', () => {
  it('is written quickly', () => {
    // The whole demo (argon2 hash included) well under the 5 seconds it may add to a first start.
    expect(seedMs).toBeLessThan(5000);
  });

  it('holds the last four Sundays of the first church with transcripts in four languages and 20–60 listeners each', async () => {
    const sermons = await rows<{ id: string; started_at: Date; n: number; langs: number }>(sql`
      select s.id, s.started_at,
        (select count(*)::int from listener_sessions ls where ls.sermon_id = s.id) as n,
        (select count(distinct st.language)::int from segment_translations st join transcript_segments ts on ts.id = st.segment_id where ts.sermon_id = s.id) as langs
      from sermons s join churches c on c.id = s.church_id where c.name = 'Harbour City Church' order by s.started_at`);
    expect(sermons.length).toBeGreaterThanOrEqual(4);
    for (const s of sermons) {
      expect(s.n).toBeGreaterThanOrEqual(20);
      expect(s.n).toBeLessThanOrEqual(60);
      expect(s.langs).toBe(3);
    }
    const sundays = sermons.slice(0, 4).map((s) => new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'Australia/Sydney' }).format(new Date(s.started_at)));
    expect(new Set(sundays)).toEqual(new Set(['Sunday']));
  });

  it('has follow-ups in every status, feedback of every type, a pending and a rejected deletion request, and next Sunday scheduled', async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status::text from follow_ups`);
    expect(statuses.map((r) => r.status).sort()).toEqual(['closed', 'connected', 'contacted', 'new']);
    const types = await rows<{ type: string }>(sql`select distinct type::text from feedback`);
    expect(types).toHaveLength(3);
    const requests = await rows<{ status: string }>(sql`select status::text from deletion_requests order by status`);
    expect(requests.map((r) => r.status)).toEqual(['pending', 'rejected']);
    const next = await rows<{ n: number }>(sql`select count(*)::int as n from scheduled_sermons where starts_at > now()`);
    expect(next[0]?.n).toBe(1);
  });

  it("shows the admin non-zero figures for 'this month'", async () => {
    const [admin] = await rows<{ id: string }>(sql`select id from users where email = 'admin@demo.church'`);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/summary?range=month', headers: { cookie: await sessionCookie(t.ctx.db, admin!.id) } });
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary.members).toBeGreaterThan(0);
    expect(summary.newMembers).toBeGreaterThan(0);
    expect(summary.sermons).toBeGreaterThan(0);
    expect(summary.listenerMinutes).toBeGreaterThan(0);
    expect(summary.salvations).toBeGreaterThan(0);
  });
});

describe('sundayAt', () => {
  it("finds the last Sunday's 10:00 in the church's time zone, skipping one not yet ended", () => {
    // Sunday 29 Nov 2026, 09:00 in Sydney (22:00 UTC on Saturday): that morning's service is still ahead.
    const early = new Date('2026-11-28T22:00:00Z');
    expect(sundayAt(early, 'Australia/Sydney', 0).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    // Monday 30 Nov, the day after.
    const monday = new Date('2026-11-29T22:00:00Z');
    expect(sundayAt(monday, 'Australia/Sydney', 0).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    expect(sundayAt(monday, 'Australia/Sydney', 3).toISOString()).toBe('2026-11-07T23:00:00.000Z');
  });
});
