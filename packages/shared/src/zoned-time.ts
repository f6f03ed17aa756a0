/**
 * Wall-clock time in an IANA time zone ⇄ instants, with Intl only (shared code has no date library).
 * Event times are entered and shown in the church's time zone and stored in UTC (decision 013).
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in `timeZone`. */
export function wallClockOf(instant: Date, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

function offsetMs(timeZone: string, instant: number): number {
  const w = wallClockOf(new Date(instant), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall clock names in `timeZone`. In the hour daylight saving repeats, the first
 * (earlier) instant; in the hour it skips, the time an hour later (what a clock on the wall shows).
 */
export function instantOf(wall: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const candidates = [...new Set([-12, 0, 12].map((h) => offsetMs(timeZone, asUtc + h * 3_600_000)))]
    .map((o) => asUtc - o)
    .filter((c) => {
      const w = wallClockOf(new Date(c), timeZone);
      return w.year === wall.year && w.month === wall.month && w.day === wall.day && w.hour === wall.hour && w.minute === wall.minute;
    });
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(asUtc - offsetMs(timeZone, asUtc - 12 * 3_600_000));
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `2026-12-01T19:00` (a datetime-local value) of `instant` in `timeZone`. */
export function toLocalInput(instant: Date | string, timeZone: string): string {
  const w = wallClockOf(new Date(instant), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** `2026-12-01T19:00` (or with a space, or seconds) in `timeZone` → ISO 8601 in UTC; null if malformed. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return instantOf({ year: y, month: mo, day: d, hour: h, minute: mi }, timeZone).toISOString();
}

/** The first instant of the next local day after `instant` in `timeZone` (an event without an end ends then). */
export function endOfLocalDay(instant: Date, timeZone: string): Date {
  const w = wallClockOf(instant, timeZone);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return instantOf({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 }, timeZone);
}
