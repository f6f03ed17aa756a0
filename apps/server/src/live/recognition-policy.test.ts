import { describe, expect, it } from 'vitest';
import { decideRecognition, FOR_GOOD_COOLDOWN_MS, OTHER_COOLDOWN_MS, type RecognitionPolicyInput } from './recognition-policy';

const NOW = 1_000_000;
const base: RecognitionPolicyInput = {
  signal: { kind: 'tick' }, active: 'primary', hasOther: true, otherFailedAt: null, otherFailedForGood: false,
  recentFailures: 0, speechWithoutResultMs: 0, stallMs: 5000, now: NOW,
};

type Row = [string, Partial<RecognitionPolicyInput>, string];

// [what happened, the situation, what is done]
const table: Row[] = [
  ['a tick while the engine answers', {}, 'none'],
  ['a tick: 4.9 s of speech unanswered (under the limit)', { speechWithoutResultMs: 4900 }, 'none'],
  ['a tick: 5 s of speech unanswered → the other engine', { speechWithoutResultMs: 5000 }, 'switch:failover'],
  ['silent engine, on the second, first one rested', { active: 'failover', speechWithoutResultMs: 6000, otherFailedAt: NOW - OTHER_COOLDOWN_MS }, 'switch:primary'],
  ['silent engine, no second engine → same engine again', { hasOther: false, speechWithoutResultMs: 6000 }, 'reconnect'],
  ['wrong key → the other engine at once', { signal: { kind: 'failed', error: 'auth' } }, 'switch:failover'],
  ['out of credit → the other engine at once', { signal: { kind: 'failed', error: 'quota' } }, 'switch:failover'],
  ['wrong key, no second engine → give up', { signal: { kind: 'failed', error: 'auth' }, hasOther: false }, 'give_up'],
  ['an idle stream closed once → reopened, same engine', { signal: { kind: 'failed', error: 'server' } }, 'reconnect'],
  ['closed twice within a minute → the other engine', { signal: { kind: 'failed', error: 'server' }, recentFailures: 1 }, 'switch:failover'],
  ['engine unreachable → the other engine at once', { signal: { kind: 'failed', error: 'unreachable' } }, 'switch:failover'],
  ['second failure, other failed 10 s ago → same engine again', { signal: { kind: 'failed', error: 'server' }, recentFailures: 1, otherFailedAt: NOW - 10_000 }, 'reconnect'],
  ['other had a wrong key 5 min ago → not back to it', { signal: { kind: 'failed', error: 'unreachable' }, otherFailedAt: NOW - 5 * 60_000, otherFailedForGood: true }, 'reconnect'],
  ['other had a wrong key 10 min ago → tried again', { signal: { kind: 'failed', error: 'unreachable' }, otherFailedAt: NOW - FOR_GOOD_COOLDOWN_MS, otherFailedForGood: true }, 'switch:failover'],
  ['alone, third failure this minute → still trying', { signal: { kind: 'failed', error: 'server' }, hasOther: false, recentFailures: 2 }, 'reconnect'],
  ['alone, fourth failure this minute → give up', { signal: { kind: 'failed', error: 'server' }, hasOther: false, recentFailures: 3 }, 'give_up'],
];

describe('decideRecognition', () => {
  it.each(table)('%s', (_what, situation, expected) => {
    const action = decideRecognition({ ...base, ...situation });
    expect(action.do === 'switch' ? `switch:${action.to}` : action.do).toBe(expected);
  });
});
