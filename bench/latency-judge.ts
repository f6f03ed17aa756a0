/**
 * How bench:latency judges a screen (decision 030, counted as Arivazhagan et al. 2020 count
 * re-translation; decision 058): from what a phone showed of each line over time, when each word
 * was there for good and how many shown words were taken back. A word counts from the first screen
 * after which every screen agrees with the final up to it: a tentative word that stays counts from
 * when it first appeared, one replaced counts from when its replacement did, and each word a screen
 * takes back (beyond the common beginning of it and the next) is erasure. The same judge reads the
 * simulated listeners (latency-listeners.ts) and the real Chromium phones (latency-pages.ts).
 */
import { normaliseUnit } from '../apps/server/src/live/captions/word-units';
import { percentile, round1 } from './ipc';
import type { Trace } from './latency-trace';

/** One line's text on a screen from a moment on (epoch ms). */
export interface Shown {
  at: number;
  text: string;
}

export interface LanguageReport {
  listeners: number;
  /** Per word, per listener: ms from said to on the screen for good. */
  lags: number[];
  /** The same from when the recogniser first named the word (its first hypothesis with it). */
  afterNamed: number[];
  /** Words shown and later taken back, and words of the finals, summed over listeners. */
  erased: number;
  finalWords: number;
  /** Words of lines whose final never arrived. */
  missingWords: number;
  partials: number;
}

export const emptyReport = (): LanguageReport => ({ listeners: 0, lags: [], afterNamed: [], erased: 0, finalWords: 0, missingWords: 0, partials: 0 });

/** Per segment, per word: when the recogniser first named it (ms from the trace's start). */
export function namedAt(trace: Trace): number[][] {
  const named = trace.segments.map((s) => s.words.map(() => Number.NaN));
  for (const e of trace.events) {
    if (e.kind !== 'hypothesis') continue;
    const n = e.text.split(' ').filter(Boolean).length;
    const list = named[e.segment]!;
    for (let j = 0; j < n && j < list.length; j++) if (Number.isNaN(list[j]!)) list[j] = e.at;
  }
  return named;
}

const words = (text: string) => text.split(/\s+/).map(normaliseUnit).filter(Boolean);

/** Words of `a` beyond what it shares with `b`. */
function beyondCommon(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.length - i;
}

/**
 * Adds one screen to `r`: `screens` per seq (the trace's segment index + 1), the final last;
 * `finals` the seqs whose final the screen showed; `t0` when the trace started (epoch ms); `named`
 * (namedAt) to measure from when the recogniser named each word too.
 */
export function judgeScreen(r: LanguageReport, trace: Trace, t0: number, screens: ReadonlyMap<number, Shown[]>, finals: ReadonlySet<number>, named?: number[][]): void {
  r.listeners++;
  trace.segments.forEach((segment, index) => {
    const screen = screens.get(index + 1) ?? [];
    if (!finals.has(index + 1) || screen.length === 0) {
      r.missingWords += segment.words.length;
      return;
    }
    const shown = screen.map((s) => words(s.text));
    const final = shown.at(-1)!;
    r.finalWords += final.length;
    for (let i = 1; i < shown.length; i++) r.erased += beyondCommon(shown[i - 1]!, shown[i]!);
    // How far each screen agreed with the final, word for word.
    const agreed = shown.map((w) => final.length - beyondCommon(final, w));
    for (let j = 0; j < final.length; j++) {
      let k = screen.length - 1;
      while (k > 0 && agreed[k - 1]! > j) k--;
      // Word j of the translation stands for word j of the speech (the mock translates word by word).
      const word = Math.min(segment.words.length - 1, Math.floor((j * segment.words.length) / final.length));
      r.lags.push(screen[k]!.at - (t0 + segment.words[word]!.saidAt));
      const namedMs = named?.[index]?.[word];
      if (namedMs !== undefined && !Number.isNaN(namedMs)) r.afterNamed.push(screen[k]!.at - (t0 + namedMs));
    }
  });
}

const seconds = (ms: number) => Math.round(ms / 10) / 100;

/** A language's figures as bench:latency prints and judges them. */
export function figures(r: LanguageReport) {
  const lags = [...r.lags].sort((a, b) => a - b);
  const afterNamed = [...r.afterNamed].sort((a, b) => a - b);
  return {
    medianS: seconds(percentile(lags, 50)),
    afterNamedMedianS: seconds(percentile(afterNamed, 50)),
    p95S: seconds(percentile(lags, 95)),
    worstS: seconds(lags.at(-1) ?? Number.NaN),
    erasure: Math.round((r.erased / Math.max(1, r.finalWords)) * 1000) / 1000,
    missingWords: r.missingWords,
    partialsPerListener: round1(r.partials / Math.max(1, r.listeners)),
  };
}
