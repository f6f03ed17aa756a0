import { describe, expect, it } from 'vitest';
import { endOfLocalDay, fromLocalInput, toLocalInput } from './zoned-time';

describe('church wall-clock time', () => {
  it('reads 19:00 in Perth (no daylight saving) as 11:00 UTC and back', () => {
    expect(fromLocalInput('2027-03-14T19:00', 'Australia/Perth')).toBe('2027-03-14T11:00:00.000Z');
    expect(toLocalInput('2027-03-14T11:00:00.000Z', 'Australia/Perth')).toBe('2027-03-14T19:00');
  });

  it('follows Sydney daylight saving: summer UTC+11, winter UTC+10', () => {
    expect(fromLocalInput('2027-01-10T19:00', 'Australia/Sydney')).toBe('2027-01-10T08:00:00.000Z');
    expect(fromLocalInput('2027-06-20T19:00', 'Australia/Sydney')).toBe('2027-06-20T09:00:00.000Z');
  });

  it('takes the hour daylight saving skips as the clock shows it, and the repeated hour as the first', () => {
    // Sydney, 3 October 2027: 02:00 jumps to 03:00.
    expect(toLocalInput(fromLocalInput('2027-10-03T02:30', 'Australia/Sydney')!, 'Australia/Sydney')).toBe('2027-10-03T03:30');
    // Sydney, 4 April 2027: 03:00 goes back to 02:00; 02:30 happens twice, first at UTC+11.
    expect(fromLocalInput('2027-04-04T02:30', 'Australia/Sydney')).toBe('2027-04-03T15:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(fromLocalInput('next tuesday', 'Australia/Sydney')).toBeNull();
  });

  it('ends a day at the next local midnight', () => {
    expect(endOfLocalDay(new Date('2027-03-14T11:00:00Z'), 'Australia/Perth').toISOString()).toBe('2027-03-14T16:00:00.000Z');
  });
});
