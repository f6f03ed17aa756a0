/**
 * bench:voice's figures for one language, from its ears (voice-ears.ts) and the trace: which words
 * said were heard and when, and where the time went (said → settled into a piece, settled → heard).
 */
import { percentile, round1 } from './ipc';
import type { Trace } from './latency-trace';
import { align, play, placedRates, type Delivery, type Ear, type Played, type Said } from './voice-ears';
import { toneOf, wordKey } from '../apps/server/test/mock-azure/spoken-audio';
import { translateWords } from '../apps/server/test/mock-azure';
import { audioFrames, frameHeader, SILENCE_KBPS } from '../apps/server/src/lib/audio/mp3-frames';

export interface LanguageFigures extends PhoneFigures {
  maxSpeed: number;
  serverRateMax: number;
  skipped: number;
  pieces: number;
  pieceCharacters: number;
  finalOnlyCharacters: number;
  charactersRatio: number;
  /** From the newest said word of a piece to the piece being settled, and from then to heard. */
  settleMedianS: number;
  settleP95S: number;
  voiceMedianS: number;
  voiceP95S: number;
  maxBufferedS: number;
  stalledS: number;
  streamShortS: number;
  playheadBehindS: number;
  /** The server's own view (VoiceStatus.behindS): settled → heard of the newest piece placed. */
  serverBehindMedianS: number;
  serverBehindMaxS: number;
  /** Lines whose final caption an ear never got (their words taken from the mock translator). */
  missingFinals: number;
}

const s = (ms: number) => Math.round(ms / 10) / 100;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const words = (text: string) => text.split(/\s+/).filter((w) => wordKey(w).length > 0);

/**
 * Line by line, the words a voice in `language` should say and when each was said: the final
 * caption's words, word i standing for source word i (the mock translates word for word, keeping
 * the count; word-translation.ts), else what the mock would have made of the final.
 */
function saidWords(ear: Ear, trace: Trace, t0: number): { lines: Array<{ words: string[]; said: number[] }>; missing: number } {
  let missing = 0;
  const lines = trace.segments.map((segment, index) => {
    let text = ear.finals.get(index + 1);
    if (text === undefined) {
      missing++;
      text = ear.language === 'en' ? segment.finalText : translateWords(segment.finalText, ear.language, { ending: 'last-word', html: false });
    }
    const w = words(text);
    const said = w.map((_, i) => t0 + segment.words[Math.min(segment.words.length - 1, Math.floor((i * segment.words.length) / w.length))]!.saidAt);
    return { words: w, said };
  });
  return { lines, missing };
}

/** A language's words as said, in order, each with its tone and when it was said. */
const inOrder = (lines: Array<{ words: string[]; said: number[] }>): Said[] => lines.flatMap((l) => l.words.map((w, i) => ({ tone: toneOf(w), at: l.said[i]! })));

/** The lags of the words heard (aligned, null for a word never heard) and the longest run never heard. */
function heardOf(aligned: Array<number | null>): { lags: number[]; longest: number } {
  let run = 0;
  let longest = 0;
  const lags: number[] = [];
  for (const lag of aligned) {
    if (lag === null) longest = Math.max(longest, ++run);
    else {
      run = 0;
      lags.push(lag);
    }
  }
  return { lags, longest };
}

/** What a real phone heard (voice-pages.ts): its words against those said in its language. */
export interface PhoneFigures {
  wordsSaid: number;
  heardPct: number;
  longestUnheard: number;
  medianS: number;
  p95S: number;
  worstS: number;
}

export function phoneFigures(ear: Ear, played: Played[], trace: Trace, t0: number): PhoneFigures {
  const result = align(inOrder(saidWords(ear, trace, t0).lines), played);
  const { lags, longest } = heardOf(result);
  const sortedLags = sorted(lags);
  return {
    wordsSaid: result.length,
    heardPct: Math.round((lags.length / Math.max(1, result.length)) * 1000) / 10,
    longestUnheard: longest,
    medianS: s(percentile(sortedLags, 50)),
    p95S: s(percentile(sortedLags, 95)),
    worstS: s(sortedLags.at(-1) ?? Number.NaN),
  };
}

export async function languageFigures(language: string, ears: Ear[], trace: Trace, t0: number, delivery: Delivery): Promise<LanguageFigures> {
  const lags: number[] = [];
  const settle: number[] = [];
  const voice: number[] = [];
  let said = 0;
  let heard = 0;
  let longest = 0;
  let maxSpeed = 1;
  let maxBufferedS = 0;
  let stalledS = 0;
  let shortS = 0;
  let behindS = 0;
  let missing = 0;
  let finalOnly = 0;
  for (const ear of ears) {
    const { lines, missing: m } = saidWords(ear, trace, t0);
    missing = Math.max(missing, m);
    finalOnly = lines.reduce((n, l, i) => n + (ear.finals.get(i + 1) ?? l.words.join(' ')).length, 0);
    const playback = await play(ear, delivery);
    const result = align(inOrder(lines), playback.played);
    maxSpeed = Math.max(maxSpeed, playback.maxSpeed);
    maxBufferedS = Math.max(maxBufferedS, playback.maxBufferedS);
    stalledS = Math.max(stalledS, playback.stalledS);
    shortS = Math.max(shortS, playback.shortS);
    behindS = Math.max(behindS, playback.playheadBehindS);
    const one = heardOf(result);
    said += result.length;
    heard += one.lags.length;
    longest = Math.max(longest, one.longest);
    lags.push(...one.lags);
    // Each line's pieces, in order, say its final's words: word k of the line is in the piece that
    // covers it, settled at the piece's settledAt.
    let at = 0;
    lines.forEach((line, index) => {
      const pieces = ear.pieces.filter((p) => p.seq === index + 1).sort((a, b) => a.index - b.index);
      const counts = pieces.map((p) => words(p.text).length);
      if (counts.reduce((a, b) => a + b, 0) !== line.words.length) {
        at += line.words.length;
        return;
      }
      let k = 0;
      pieces.forEach((p, pi) => {
        const last = k + counts[pi]! - 1;
        settle.push(p.settledAt - line.said[last]!);
        for (; k <= last; k++, at++) {
          const lag = result[at];
          if (lag !== null && lag !== undefined) voice.push(line.said[k]! + lag - p.settledAt);
        }
      });
    });
  }
  const first = ears[0]!;
  const pieceCharacters = first.pieces.reduce((n, p) => n + p.text.length, 0);
  const lagsSorted = sorted(lags);
  const settleSorted = sorted(settle);
  const voiceSorted = sorted(voice);
  const serverBehind = sorted(first.statuses.map((x) => x.status.behindS));
  return {
    wordsSaid: Math.round(said / Math.max(1, ears.length)),
    heardPct: Math.round((heard / Math.max(1, said)) * 1000) / 10,
    longestUnheard: longest,
    medianS: s(percentile(lagsSorted, 50)),
    p95S: s(percentile(lagsSorted, 95)),
    worstS: s(lagsSorted.at(-1) ?? Number.NaN),
    maxSpeed: Math.round(maxSpeed * 100) / 100,
    serverRateMax: Math.max(1, ...ears.flatMap((e) => placedRates(e.statuses).map((x) => x.rate))),
    skipped: Math.max(0, ...ears.flatMap((e) => e.statuses.map((x) => x.status.skipped))),
    pieces: first.pieces.length,
    pieceCharacters,
    finalOnlyCharacters: finalOnly,
    charactersRatio: Math.round((pieceCharacters / Math.max(1, finalOnly)) * 100) / 100,
    settleMedianS: s(percentile(settleSorted, 50)),
    settleP95S: s(percentile(settleSorted, 95)),
    voiceMedianS: s(percentile(voiceSorted, 50)),
    voiceP95S: s(percentile(voiceSorted, 95)),
    maxBufferedS: round1(maxBufferedS),
    stalledS: round1(stalledS),
    streamShortS: round1(shortS),
    playheadBehindS: round1(behindS),
    serverBehindMedianS: percentile(serverBehind, 50),
    serverBehindMaxS: serverBehind.at(-1) ?? Number.NaN,
    missingFinals: missing,
  };
}

/** What a phone's stream of a language cost: bytes an hour, kbit/s, and the share of it that was speech. */
export interface StreamCost {
  kbps: number;
  mbPerHour: number;
  speechPct: number;
}

/**
 * From an ear's bytes, less the priming silence a plain stream opens with (a phone pays it once per
 * connection): averaged from the stream's opening to its last byte, silence included (decision 045).
 */
export function streamCost(ears: Ear[], primingBytes: number): StreamCost {
  let bytes = 0;
  let seconds = 0;
  let speech = 0;
  let frames = 0;
  for (const ear of ears) {
    const all = Buffer.concat(ear.chunks.map((c) => c.bytes)).subarray(primingBytes);
    bytes += all.length;
    seconds += ((ear.chunks.at(-1)?.at ?? ear.openedAt) - ear.openedAt) / 1000;
    for (const frame of audioFrames(all)) {
      frames++;
      if (frameHeader(frame, 0)!.kbps > SILENCE_KBPS) speech++;
    }
  }
  const perSecond = bytes / Math.max(1e-9, seconds);
  return { kbps: round1((perSecond * 8) / 1000), mbPerHour: round1((perSecond * 3600) / 1e6), speechPct: Math.round((speech / Math.max(1, frames)) * 100) };
}
