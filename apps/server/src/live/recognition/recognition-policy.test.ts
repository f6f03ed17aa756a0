import { describe, expect, it } from 'vitest';
import type { EngineErrorKind, EngineSlot } from '@app/shared';
import {
  backoffMs, decideRecognition, FOR_GOOD_COOLDOWN_MS, FOR_GOOD_RETRY_MS, MAX_BACKOFF_MS, type RecognitionPolicyInput, type SlotHealth,
} from './recognition-policy';

const NOW = 1_000_000;
const fresh = (slot: EngineSlot, failedAt: number | null = null, forGood = false): SlotHealth => ({ slot, failedAt, forGood });
const base: RecognitionPolicyInput = {
  signal: { kind: 'tick' }, active: 'primary', slots: [fresh('primary'), fresh('failover')],
  recentFailures: 0, streak: 0, speechWithoutResultMs: 0, stallMs: 5000, now: NOW, random: 0.5,
};
const failed = (error: EngineErrorKind) => ({ signal: { kind: 'failed' as const, error } });

type Row = [string, Partial<RecognitionPolicyInput>, string];

// [what happened, the situation, what is done: none | slot@afterMs]
const table: Row[] = [
  ['a tick while the engine answers', {}, 'none'],
  ['a tick: 4.9 s of speech unanswered (under the limit)', { speechWithoutResultMs: 4900 }, 'none'],
  ['a tick: 5 s of speech unanswered → the other engine at once', { speechWithoutResultMs: 5000 }, 'failover@0'],
  ['silent engine on the second, the first rested → back to the first', { active: 'failover', speechWithoutResultMs: 6000, slots: [fresh('primary', NOW - 30_000), fresh('failover')] }, 'primary@0'],
  ['silent engine, no second engine → the same after 0.5 s', { slots: [fresh('primary')], speechWithoutResultMs: 6000 }, 'primary@500'],
  ['an idle stream closed once → reopened at once, same engine', failed('server'), 'primary@0'],
  ['closed twice within a minute → the other engine at once', { ...failed('server'), recentFailures: 1, streak: 1 }, 'failover@0'],
  ['engine unreachable → the other engine at once', failed('unreachable'), 'failover@0'],
  ['wrong key → the other engine at once', failed('auth'), 'failover@0'],
  ['out of credit → the other engine at once', failed('quota'), 'failover@0'],
  ['audio refused (3007) once → reopened at once', failed('refused'), 'primary@0'],
  ['the other failed 0.2 s ago, second failure in a row → the other once its back-off has passed', { ...failed('server'), recentFailures: 1, streak: 1, slots: [fresh('primary'), fresh('failover', NOW - 200)] }, 'failover@800'],
  ['both down, fifth failure in a row → the other after 8 s', { ...failed('unreachable'), streak: 4, slots: [fresh('primary'), fresh('failover', NOW - 1)] }, 'failover@7999'],
  ['both down for long → never more than 10 s apart, never given up', { ...failed('unreachable'), streak: 30, slots: [fresh('primary'), fresh('failover', NOW - 1)] }, 'failover@9999'],
  ['the other had a wrong key 5 min ago → the same engine after a back-off', { ...failed('unreachable'), streak: 1, slots: [fresh('primary'), fresh('failover', NOW - 5 * 60_000, true)] }, 'primary@1000'],
  ['the other had a wrong key 10 min ago → tried again', { ...failed('unreachable'), slots: [fresh('primary'), fresh('failover', NOW - FOR_GOOD_COOLDOWN_MS, true)] }, 'failover@0'],
  ['wrong key, no second engine → the same a minute later (it may be fixed)', { ...failed('auth'), slots: [fresh('primary')] }, `primary@${FOR_GOOD_RETRY_MS}`],
  ['both keys wrong → the one that failed longest ago, a minute later', { ...failed('auth'), streak: 2, slots: [fresh('primary'), fresh('failover', NOW - 1000, true)] }, `failover@${FOR_GOOD_RETRY_MS}`],
  ['alone, tenth failure → still trying, 10 s apart', { ...failed('server'), recentFailures: 9, streak: 9, slots: [fresh('primary')] }, 'primary@10000'],
];

describe('decideRecognition', () => {
  it.each(table)('%s', (_what, situation, expected) => {
    const action = decideRecognition({ ...base, ...situation });
    expect(action.do === 'open' ? `${action.slot}@${Math.round(action.afterMs)}` : action.do).toBe(expected);
  });

  it('jitters each wait within ±20 %, from about 0.5 s up to about 10 s', () => {
    expect([backoffMs(0, 0), backoffMs(0, 0.999)]).toEqual([400, 600]);
    expect(backoffMs(3, 0.5)).toBe(4000);
    expect(backoffMs(50, 0.999)).toBeLessThanOrEqual(MAX_BACKOFF_MS * 1.2);
  });
});

/**
 * A sermon on a fake clock: both engines go down at 0 s and the failover comes back at 60 s. The
 * session tries as the policy says; every try fails until then.
 */
describe('a sermon with both engines down, on a fake clock', () => {
  it('alternates between the engines, backs off to about 10 s, never gives up, and uses the engine that comes back', () => {
    let now = 0;
    let active: EngineSlot = 'primary';
    let streak = 0;
    const health = new Map<EngineSlot, SlotHealth>([['primary', fresh('primary')], ['failover', fresh('failover')]]);
    const tries: { at: number; slot: EngineSlot }[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const backAt = 60_000;
    for (let i = 0; i < 100 && now < 90_000; i++) {
      // The active engine fails (it is down), unless it is the failover and it is back.
      if (active === 'failover' && now >= backAt) break;
      const action = decideRecognition({
        ...base, ...failed('unreachable'), active, now, random: random(), streak,
        slots: [...health.values()], recentFailures: streak,
      });
      health.set(active, { slot: active, failedAt: now, forGood: false });
      streak++;
      if (action.do !== 'open') throw new Error('the policy stopped trying');
      now += action.afterMs;
      active = action.slot;
      tries.push({ at: now, slot: active });
    }
    // Alternates: never the same engine twice in a row.
    for (let i = 1; i < tries.length; i++) expect(tries[i]!.slot).not.toBe(tries[i - 1]!.slot);
    // Each engine is tried again after its back-off: growing from about 0.5 s to about 10 s.
    const primary = tries.filter((t) => t.slot === 'primary').map((t) => t.at);
    const gaps = primary.slice(1).map((at, i) => at - primary[i]!);
    expect(primary[0]).toBeLessThan(2000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_BACKOFF_MS * 1.2);
    expect(gaps.at(-1)).toBeGreaterThan(MAX_BACKOFF_MS * 0.7);
    // The failover is used again once back, within about 10 s.
    expect(active).toBe('failover');
    expect(now - backAt).toBeLessThanOrEqual(MAX_BACKOFF_MS * 1.2);
  });
});
