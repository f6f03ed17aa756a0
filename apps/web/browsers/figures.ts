/**
 * How well a phone heard the voice and read the captions (decision 049): the words heard in order
 * against the words of the final lines, each word's delay against when the speaker said the word
 * at the same place in its line (a translation's words stand in order for the source's, though
 * not one for one), and each caption line's delay against when its line was settled.
 */
export function voiceFigures(
  expected: number[][],
  said: Array<{ wordsAt: number[]; settledAt: number }>,
  heard: Array<{ tone: number; at: number }>,
  captions: Array<{ text: string; at: number }>,
  lines: string[],
) {
  // The words heard matched to the words said in order (a longest common subsequence): a word
  // missed or heard twice costs itself, never the words around it.
  const want = expected.flatMap((line, n) => line.map((tone, j) => ({ tone, n, j, of: line.length })));
  const rows = want.length + 1;
  const cols = heard.length + 1;
  const table = new Array<number>(rows * cols).fill(0);
  for (let a = want.length - 1; a >= 0; a--) {
    for (let b = heard.length - 1; b >= 0; b--) {
      table[a * cols + b] = want[a]!.tone === heard[b]!.tone ? 1 + table[(a + 1) * cols + b + 1]! : Math.max(table[(a + 1) * cols + b]!, table[a * cols + b + 1]!);
    }
  }
  const lags: number[] = [];
  for (let a = 0, b = 0; a < want.length && b < heard.length; ) {
    const w = want[a]!;
    if (w.tone === heard[b]!.tone && table[a * cols + b] === 1 + table[(a + 1) * cols + b + 1]!) {
      const saidAt = said[w.n]!.wordsAt;
      lags.push((heard[b]!.at - saidAt[Math.floor((w.j * saidAt.length) / w.of)]!) / 1000);
      a++;
      b++;
    } else if (table[(a + 1) * cols + b]! >= table[a * cols + b + 1]!) a++;
    else b++;
  }
  const words = want.length;
  const found = lags.length;
  const captionLags = lines.flatMap((text, n) => {
    const shown = captions.find((c) => c.text.includes(text.replace(/^\[[A-Z]+ demo\] /, '')));
    return shown ? [(shown.at - said[n]!.settledAt) / 1000] : [];
  });
  return {
    words,
    heardShare: words === 0 ? 0 : Math.round((found / words) * 1000) / 1000,
    voiceMedianS: median(lags),
    voiceP95S: quantile(lags, 0.95),
    captionMedianS: median(captionLags),
    captionsShown: captionLags.length,
  };
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 100) / 100;
}
