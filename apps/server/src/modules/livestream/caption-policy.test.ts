import { describe, expect, it } from 'vitest';
import { captionBody, clockOffset, defaultCaptionPolicy, nextStep, postUrl, retryAt, type FeedState, type QueuedCaption } from './caption-policy';

const T = Date.parse('2026-11-29T00:00:00.000Z');
const c = (ageMs: number, text = 'x', toSeq = 1): QueuedCaption => ({ at: T - ageMs, text, toSeq, toChars: text.length });
const state = (s: Partial<FeedState>): FeedState => ({ queue: [], pending: null, inFlight: false, seq: 4, lastPostAt: T - 5000, ...s });

describe('nextStep', () => {
  it.each<[string, Partial<FeedState>, ReturnType<typeof nextStep>]>([
    ['nothing queued, recent post: wait', { lastPostAt: T - 2000 }, { kind: 'wait' }],
    ['queued, a second since the last post: post with the next seq', { queue: [c(100), c(50)] }, { kind: 'post', seq: 5, drop: 0, take: 2 }],
    ['queued but under a second since the last request: wait (one post a second)', { queue: [c(100)], lastPostAt: T - 900 }, { kind: 'wait' }],
    ['a request in flight: wait', { queue: [c(100)], inFlight: true }, { kind: 'wait' }],
    ['a backlog: at most batchMax per post', { queue: Array.from({ length: 25 }, () => c(100)) }, { kind: 'post', seq: 5, drop: 0, take: 20 }],
    ['captions older than YouTube takes are dropped, the rest posted', { queue: [c(70_000), c(56_000), c(1000)] }, { kind: 'post', seq: 5, drop: 2, take: 1 }],
    ['only old captions: dropped, no post', { queue: [c(70_000)] }, { kind: 'drop', drop: 1 }],
    ['silence past the heartbeat: an empty post', { lastPostAt: T - 30_000 }, { kind: 'heartbeat', seq: 5 }],
    ['never posted: no heartbeat before the first caption', { lastPostAt: 0, seq: 0 }, { kind: 'wait' }],
    ['a failed post before its retry time: wait', { pending: { seq: 4, captions: [c(2000)], attempts: 1, nextTryAt: T + 500 } }, { kind: 'wait' }],
    ['a failed post at its retry time: retried with its seq', { pending: { seq: 4, captions: [c(2000)], attempts: 1, nextTryAt: T } }, { kind: 'retry' }],
    ['a failed post part of which is too old: abandoned, its fresh part queued again',
      { pending: { seq: 4, captions: [c(60_000, 'old'), c(3000, 'new')], attempts: 5, nextTryAt: T } }, { kind: 'abandon', keep: [c(3000, 'new')] }],
  ])('%s', (_name, s, expected) => {
    expect(nextStep(state(s), T, defaultCaptionPolicy)).toEqual(expected);
  });

  it('backs off doubling from a second up to 30 s', () => {
    expect([1, 2, 3, 6, 10].map((n) => retryAt(n, 0))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe('the body YouTube reads', () => {
  it('has a stamp line and a text line per caption, UTC with milliseconds, ending in a newline', () => {
    expect(captionBody([c(1500, 'Grace to you'), c(500, 'and peace')], 0)).toBe(
      '2026-11-28T23:59:58.500\nGrace to you\n2026-11-28T23:59:59.500\nand peace\n');
  });
  it('is corrected by the server clock offset, never goes back, and marks line breaks', () => {
    expect(captionBody([c(100, 'a\nb'), c(100, 'c')], 2000)).toBe('2026-11-29T00:00:01.900\na<br>b\n2026-11-29T00:00:01.901\nc\n');
  });
  it('takes the offset from the answer, keeps the last one when the answer has no time', () => {
    expect(clockOffset('2026-11-29T00:00:03.000\n', T, T + 200, 0)).toBe(2900);
    expect(clockOffset('', T, T + 200, 77)).toBe(77);
  });
  it('adds seq, and lang for Zoom, to the URL', () => {
    expect(postUrl('http://upload.youtube.com/closedcaption?cid=abc', 7, 'youtube', 'pt')).toBe('http://upload.youtube.com/closedcaption?cid=abc&seq=7');
    expect(postUrl('https://wmcc.zoom.us/closedcaption?id=1&ns=x&seq=3', 8, 'zoom', 'es')).toBe('https://wmcc.zoom.us/closedcaption?id=1&ns=x&seq=8&lang=es');
  });
});
