import { describe, expect, it } from 'vitest';
import { formatStart, timeLeft } from './countdown';

describe('timeLeft', () => {
  it('counts down in days and a clock, and stops at the start', () => {
    const now = Date.parse('2026-11-29T08:00:00Z');
    expect(timeLeft('2026-11-30T10:05:09Z', now)).toEqual({ days: 1, clock: '02:05:09' });
    expect(timeLeft('2026-11-29T08:00:00Z', now)).toBeNull();
  });
});

describe('formatStart', () => {
  it('shows the start in the church’s time zone', () => {
    // 23:30 UTC on Saturday is 10:30 on Sunday in Sydney (daylight saving).
    expect(formatStart('2026-11-28T23:30:00Z', 'Australia/Sydney', 'en-AU')).toMatch(/Sunday.*10:30/);
  });

  it('names the church’s zone for a visitor elsewhere, never as an offset like GMT+11', () => {
    // The tests run in UTC, away from Sydney.
    const pt = formatStart('2026-11-28T23:30:00Z', 'Australia/Sydney', 'pt-BR');
    expect(pt).toMatch(/domingo.*10:30.*Austrália/);
    expect(pt).not.toMatch(/GMT/);
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatStart('2026-11-28T23:30:00Z', here, 'pt-BR')).not.toMatch(/Hor[áa]rio|GMT/);
  });
});
