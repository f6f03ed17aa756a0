import { describe, expect, it } from 'vitest';
import { nextWeekStart, startOfLocalDay, weekStart } from './church-week';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('weekStart', () => {
  it('is Monday 00:00 in Sydney during daylight saving (UTC+11)', () => {
    // Wednesday 15 Jan 2025, 09:00 in Sydney.
    expect(iso(weekStart('Australia/Sydney', at('2025-01-14T22:00:00Z')))).toBe('2025-01-12T13:00:00.000Z');
  });

  it('is Monday 00:00 in Sydney in standard time (UTC+10)', () => {
    expect(iso(weekStart('Australia/Sydney', at('2025-06-18T02:00:00Z')))).toBe('2025-06-15T14:00:00.000Z');
  });

  it('turns over exactly at local Monday midnight, not at UTC midnight', () => {
    // Sunday 23:59:59 Sydney time is still last week …
    expect(iso(weekStart('Australia/Sydney', at('2025-06-15T13:59:59Z')))).toBe('2025-06-08T14:00:00.000Z');
    // … Monday 00:00:00 starts the new one.
    expect(iso(weekStart('Australia/Sydney', at('2025-06-15T14:00:00Z')))).toBe('2025-06-15T14:00:00.000Z');
    // Monday in UTC but already Tuesday in Sydney: same week as that Monday.
    expect(iso(weekStart('Australia/Sydney', at('2025-06-16T20:00:00Z')))).toBe('2025-06-15T14:00:00.000Z');
  });

  it('counts a week in which daylight saving ends from Monday at the old offset', () => {
    // Sydney left daylight saving on Sunday 6 April 2025 03:00 (UTC+11 → UTC+10).
    expect(iso(weekStart('Australia/Sydney', at('2025-04-06T10:00:00Z')))).toBe('2025-03-30T13:00:00.000Z');
    expect(iso(nextWeekStart('Australia/Sydney', at('2025-04-06T10:00:00Z')))).toBe('2025-04-06T14:00:00.000Z');
  });

  it('counts a week in which daylight saving starts, and the next Monday at the new offset', () => {
    // Sydney entered daylight saving on Sunday 5 October 2025 02:00 (UTC+10 → UTC+11).
    expect(iso(weekStart('Australia/Sydney', at('2025-10-05T05:00:00Z')))).toBe('2025-09-28T14:00:00.000Z');
    expect(iso(weekStart('Australia/Sydney', at('2025-10-06T05:00:00Z')))).toBe('2025-10-05T13:00:00.000Z');
  });

  it('follows the church time zone: Perth has no daylight saving, Melbourne does', () => {
    expect(iso(weekStart('Australia/Perth', at('2025-01-15T00:00:00Z')))).toBe('2025-01-12T16:00:00.000Z');
    expect(iso(weekStart('Australia/Melbourne', at('2025-01-15T00:00:00Z')))).toBe('2025-01-12T13:00:00.000Z');
    expect(iso(weekStart('UTC', at('2025-01-15T00:00:00Z')))).toBe('2025-01-13T00:00:00.000Z');
  });

  it('is the first moment of the day where daylight saving skips midnight', () => {
    // Santiago skipped from 00:00 to 01:00 on Sunday 8 September 2024.
    expect(iso(startOfLocalDay('America/Santiago', 2024, 9, 8))).toBe('2024-09-08T04:00:00.000Z');
    expect(iso(startOfLocalDay('America/Santiago', 2024, 9, 9))).toBe('2024-09-09T03:00:00.000Z');
  });
});
