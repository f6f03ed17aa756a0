/**
 * A church's week on its own calendar (spec section 9): Monday 00:00 in the church's time zone
 * (Australia/Sydney by default), where its stream allowance and its engines' weekly usage start.
 * Plain date arithmetic: the live side's minutes and the providers' usage meter both count by it.
 */
import { wallClockOf } from '@app/shared';

const DAY_MS = 24 * 60 * 60_000;

/** Wall-clock date and time of `instant` in `timeZone` (the shared zoned-time helper). */
const localParts = (timeZone: string, instant: number) => wallClockOf(new Date(instant), timeZone);

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(timeZone: string, instant: number): number {
  const p = localParts(timeZone, instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of the local calendar day (year, month, day) in `timeZone`. Usually 00:00; where
 * daylight saving skips midnight (e.g. America/Santiago) it is the first wall-clock time that exists.
 */
export function startOfLocalDay(timeZone: string, year: number, month: number, day: number): Date {
  const wallMidnight = Date.UTC(year, month - 1, day);
  // The offsets around that day: one of them is the offset in force at the local midnight.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((d) => offsetAt(timeZone, wallMidnight + d)));
  const candidates = [...offsets]
    .map((o) => wallMidnight - o)
    .filter((c) => {
      const p = localParts(timeZone, c);
      return p.year === year && p.month === month && p.day === day;
    });
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wallMidnight - offsetAt(timeZone, wallMidnight));
}

/** Monday 00:00 of the week containing `now`, in `timeZone`, as an instant. */
export function weekStart(timeZone: string, now: Date = new Date()): Date {
  const local = localParts(timeZone, now.getTime());
  const localDate = Date.UTC(local.year, local.month - 1, local.day);
  // getUTCDay on the wall-clock date: 0 = Sunday … 6 = Saturday; days back to Monday.
  const daysSinceMonday = (new Date(localDate).getUTCDay() + 6) % 7;
  const monday = new Date(localDate - daysSinceMonday * DAY_MS);
  return startOfLocalDay(timeZone, monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
}

/** Monday 00:00 of the following week: when the allowance resets. */
export function nextWeekStart(timeZone: string, now: Date = new Date()): Date {
  const start = weekStart(timeZone, now);
  // Eight days on lands inside next week whatever daylight saving did; its Monday is the answer.
  return weekStart(timeZone, new Date(start.getTime() + 8 * DAY_MS));
}
