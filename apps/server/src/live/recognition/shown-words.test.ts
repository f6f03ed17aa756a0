import { describe, expect, it } from 'vitest';
import { AudioRing } from './audio-ring';
import { AudioTimes } from './audio-times';
import { Outage, PagePhrase } from './outage';
import { ShownWords } from './shown-words';

/** 16 kHz: samples in `ms`. */
const at = (ms: number) => ms * 16;

describe('the words the phones have of a phrase, through a failover (decision 059)', () => {
  it('are carried into the next engine’s phrase, which is replayed only what follows them, and the line keeps when they began', () => {
    const shown = new ShownWords();
    expect(shown.interim('grace and', at(900), 100)).toEqual({ text: 'grace and', saidAt: 100 });
    expect(shown.interim('grace and peace', at(1400), 100)).toEqual({ text: 'grace and peace', saidAt: 100 });
    // The engine fails: the replay starts where "peace" ended.
    expect(shown.carry()).toBe(at(1400));
    expect(shown.apart(at(1450))).toBeNull();
    expect(shown.interim('to', at(1700), 1450)).toEqual({ text: 'grace and peace to', saidAt: 100 });
    expect(shown.final('to you', 1450)).toEqual({ text: 'grace and peace to you', saidAt: 100 });
    expect(shown.final('next line', 3000)).toEqual({ text: 'next line', saidAt: 3000 });
  });

  it('go as their own line when the next engine’s phrase begins after a pause, or when no engine listens next', () => {
    const shown = new ShownWords();
    shown.interim('go in peace', at(2000), 500);
    shown.carry();
    expect(shown.apart(at(2600))).toMatchObject({ text: 'go in peace', saidAt: 500 });
    expect(shown.final('this week', 2600)).toEqual({ text: 'this week', saidAt: 2600 });
    shown.interim('love is', at(4000), 3500);
    shown.carry();
    expect(shown.takeCarried()).toMatchObject({ text: 'love is', saidAt: 3500 });
  });

  it('are not carried when the engine gave no word times: its phrase is replayed whole', () => {
    const shown = new ShownWords();
    shown.interim('grace and peace', undefined, undefined);
    expect(shown.carry()).toBeUndefined();
    expect(shown.final('grace and peace to you', undefined).text).toBe('grace and peace to you');
  });
});

describe('an outage the page’s recogniser stands in for', () => {
  /** 100 ms frames: words of 300 ms, 100 ms quiet between them. */
  function ring(ms: number): AudioRing {
    const r = new AudioRing();
    for (let t = 0; t < ms; t += 100) r.push(Buffer.alloc(at(100) * 2, (t / 100) % 4 === 3 ? 0 : 0x7f));
    return r;
  }

  it('is replayed up to where the page heard from, the word going on then whole', () => {
    const r = ring(2000);
    const outage = new Outage(at(500));
    expect(outage.pageAudioFrom(r)).toBeNull();
    outage.covered = true;
    expect(outage.pageAudioFrom(r)).toBe(at(500));
    // The page heard from 1,000 ms, in the word said from 800 to 1,100 ms: replayed into the quiet after it.
    const times = new AudioTimes();
    for (let t = 0; t < 2000; t += 100) times.arrived(at(t), at(100), t + 100);
    outage.pageHears(r, times, 1000);
    expect(outage.pageAudioFrom(r)).toBeGreaterThanOrEqual(at(1100));
    expect(outage.pageAudioFrom(r)).toBeLessThan(at(1200));
  });

  it('is not replayed at all when the page’s recogniser heard from before it began (it stood by, decision 060)', () => {
    const r = ring(2000);
    // The phones have the words up to 400 ms; the engines failed at 500.
    r.finalise(at(400));
    const outage = new Outage(at(500));
    const times = new AudioTimes();
    for (let t = 0; t < 2000; t += 100) times.arrived(at(t), at(100), t + 100);
    outage.pageHears(r, times, 0);
    outage.covered = true;
    // Where the phones' words end: the engine that comes back is replayed none of the outage.
    expect(outage.pageAudioFrom(r)).toBe(at(400));
    r.drop(outage.pageAudioFrom(r)!);
    expect(r.since(r.finalisedUpTo)).toEqual([]);
  });

  it('times a line of the page’s recogniser from its first word in the audio, not from its first interim', () => {
    // Quiet to 500 ms, then words of 300 ms 100 ms apart; each 100 ms frame arrived as it ended.
    const r = new AudioRing();
    const times = new AudioTimes();
    for (let t = 0; t < 2000; t += 100) {
      r.push(Buffer.alloc(at(100) * 2, t < 500 || (t - 500) % 400 === 300 ? 0 : 0x7f));
      times.arrived(at(t), at(100), t + 100);
    }
    const outage = new Outage(0);
    outage.pageHears(r, times, 0);
    // Its first interim at 1,000 ms (the first word ended at 800): the phrase began at 500 (to the 30 ms read).
    expect(Math.abs(outage.phraseAgo(r, times, 2000, 1000)! - 1500)).toBeLessThanOrEqual(30);
    // Never before where the page began to hear.
    outage.pageHears(r, times, 600);
    expect(outage.phraseAgo(r, times, 2000, 1000)).toBeLessThanOrEqual(1400);
  });

  it('keeps a page phrase’s start found at its first interim for its line, which may come after the audio is gone', () => {
    const phrase = new PagePhrase();
    phrase.interim(10_000, () => 600);
    // A later interim of the same phrase does not move it.
    phrase.interim(10_500, () => 200);
    // Its line at 12,000 ms, its first interim said to be 2,000 ms ago: it began at 9,400.
    expect(phrase.ago(12_000, 2_000)).toBe(2_600);
    phrase.final();
    expect(phrase.ago(12_000, 2_000)).toBeUndefined();
    // A note of a phrase that never ended is not another line's start.
    phrase.interim(10_000, () => 0);
    expect(phrase.ago(20_000, 1_000)).toBeUndefined();
  });

  it('finds the sample said at a moment from when frames arrived', () => {
    const times = new AudioTimes();
    for (let i = 0; i < 10; i++) times.arrived(i * 1600, 1600, 1000 + (i + 1) * 100);
    expect(times.sampleAt(1550)).toBe(5 * 1600 + 800);
    expect(times.sampleAt(0)).toBe(0);
  });
});
