import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { nextWeekdayAt, seedDemoData } from './seed';

// The demo seeded for a Portuguese reader (DEMO_LANGUAGE=pt, decision 052), on a Tuesday.
const tuesday = new Date('2026-12-01T01:00:00Z'); // Tuesday 1 December 2026, 12:00 in Sydney
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db, 'pt', tuesday);
});
afterAll(async () => { await t.close(); });

const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = await t.ctx.db.execute<T & Record<string, unknown>>(query);
  return (Array.isArray(result) ? result : result.rows) as T[];
};
const weekdayIn = (at: Date | string, timeZone: string) => new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone }).format(new Date(at));

describe('the demo seeded in Portuguese', () => {
  it("writes its people's own words in Portuguese: service titles, events, notes, reasons, feedback", async () => {
    const titles = (await rows<{ title: string }>(sql`select title from scheduled_sermons order by starts_at`)).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['A videira e os ramos', 'Graça sobre graça', 'Culto de domingo']));
    expect(titles).not.toContain('The Vine and the Branches');
    const events = (await rows<{ name: string }>(sql`select name from events`)).map((r) => r.name);
    expect(events).toEqual(expect.arrayContaining(['Culto de domingo', 'Noite dos jovens', 'Almoço comunitário']));
    const notes = await rows<{ notes: string }>(sql`select distinct notes from follow_ups where notes <> ''`);
    expect(notes.map((n) => n.notes)).toEqual(['Liguei depois do culto; convidei para o almoço dos recém-chegados.']);
    const reasons = await rows<{ details: string; rejection_reason: string | null }>(sql`select details, rejection_reason from deletion_requests order by status`);
    expect(reasons[0]?.details).toBe('Recebo e-mails demais.');
    expect(reasons[1]?.rejection_reason).toMatch(/^Pedido por engano/);
    const comments = await rows<{ comment: string }>(sql`select comment from feedback`);
    expect(comments.map((c) => c.comment)).toContain('A voz em português estava clara e fácil de acompanhar.');
  });

  it('puts each event on the day its name says, in the church time zone', async () => {
    const events = await rows<{ name: string; starts_at: string; time_zone: string }>(sql`select e.name, e.starts_at, c.time_zone from events e join churches c on c.id = e.church_id`);
    const byName = Object.fromEntries(events.map((e) => [e.name, weekdayIn(e.starts_at, e.time_zone)]));
    expect(byName['Culto de domingo']).toBe('Sunday');
    expect(byName['Almoço comunitário']).toBe('Sunday');
    expect(byName['Noite dos jovens']).toBe('Friday');
    const worship = events.find((e) => e.name === 'Culto de domingo')!;
    expect(new Date(worship.starts_at).getTime()).toBeGreaterThan(tuesday.getTime());
  });
});

describe('nextWeekdayAt', () => {
  it("answers the next such day and hour in the zone, today's when still ahead", () => {
    expect(nextWeekdayAt(tuesday, 'Australia/Sydney', 0, 10).toISOString()).toBe('2026-12-05T23:00:00.000Z');
    expect(nextWeekdayAt(tuesday, 'Australia/Sydney', 2, 19).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(nextWeekdayAt(tuesday, 'Australia/Sydney', 2, 9).toISOString()).toBe('2026-12-07T22:00:00.000Z');
  });
});

describe('the demo seeded on a Sunday afternoon', () => {
  it('keeps last Sunday’s lunch among the past events, not today’s', async () => {
    const sundayAfternoon = new Date('2026-12-06T05:56:00Z'); // 16:56 in Sydney
    const other = await createTestApp();
    try {
      await seedDemoData(other.ctx.db, 'en', sundayAfternoon);
      const result = await other.ctx.db.execute<{ starts_at: string }>(sql`select starts_at from events where name = 'Community Lunch'`);
      const [lunch] = (Array.isArray(result) ? result : result.rows) as Array<{ starts_at: string }>;
      expect(sundayAfternoon.getTime() - new Date(lunch!.starts_at).getTime()).toBeGreaterThan(24 * 3_600_000);
    } finally {
      await other.close();
    }
  });
});
