import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

/** Where a timer that was due meanwhile (standing for a speaker's line) falls among `count` pieces of work. */
async function lineAmong(perTurn: number, count: number) {
  const turns = new Turns(perTurn);
  const taken: string[] = [];
  const work = Array.from({ length: count }, (_, i) => turns.next().then(() => taken.push(`join ${i}`)));
  void new Promise((resolve) => setTimeout(resolve, 0)).then(() => taken.push('line'));
  await Promise.all(work);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { taken, line: taken.indexOf('line'), turns };
}

describe('work taken in turns', () => {
  it('takes at most perTurn at a time, in order, with the event loop turning in between', async () => {
    const { taken, line, turns } = await lineAmong(3, 3000);
    expect(taken.filter((t) => t !== 'line')).toEqual(Array.from({ length: 3000 }, (_, i) => `join ${i}`));
    // The timer came between two turns, long before the last piece of work.
    expect(line).toBeGreaterThan(0);
    expect(line).toBeLessThan(2000);
    expect(line % 3).toBe(0);
    expect(turns.queued).toBe(0);
  });

  it('taken all in one turn, the same work keeps the timer waiting to the end', async () => {
    const { taken, line } = await lineAmong(3000, 3000);
    expect(line).toBe(taken.length - 1);
  });

  it('lets one alone through at the next turn', async () => {
    const turns = new Turns(32);
    let done = false;
    const one = turns.next().then(() => (done = true));
    expect(done).toBe(false);
    await one;
    expect(done).toBe(true);
  });
});
