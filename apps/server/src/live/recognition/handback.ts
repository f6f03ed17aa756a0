/**
 * How long after an engine listens again its first phrase and the page's last line are compared:
 * the page stops its recogniser when told the engine listens, and its last phrase goes as it ends.
 */
const HANDBACK_MS = 10_000;
/** Two or more words must be shared; one could be the speaker's own ("so, so"), as in withoutRepeat. */
const MIN_SHARED = 2;
const MAX_SHARED = 12;

const norm = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
const words = (s: string) => s.split(/\s+/).map(norm).filter(Boolean);

/** How many of `a`'s last words are `b`'s first words (at least two, else 0). */
function shared(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  for (let n = Math.min(x.length, y.length, MAX_SHARED); n >= MIN_SHARED; n--) {
    if (x.slice(-n).join(' ') === y.slice(0, n).join(' ')) return n;
  }
  return 0;
}

/** A line without its first `n` words, or without its last `n` (`n` < 0), its punctuation kept. */
function cut(s: string, n: number): string {
  const tokens = s.split(/\s+/).filter(Boolean);
  const at = tokens.map((t, i) => (norm(t) ? i : -1)).filter((i) => i >= 0);
  return (n > 0 ? tokens.slice(at[n - 1]! + 1) : tokens.slice(0, at[at.length + n]!)).join(' ');
}

/**
 * The hand-back from the page's recogniser to a server engine that answers again (decision 043).
 * The engine hears from the moment it listens; the page's recogniser stops a moment later, when
 * the page is told. Both hear the words of that instant, and withoutRepeat compares an engine's
 * finals only. So the line that reaches the server second loses the words it shares with the
 * other: the engine's first phrase its leading words that end the page's last line, or the page's
 * last line (arriving after the engine's first phrase) its trailing words that begin it.
 */
export class HandBack {
  /** The page's latest line while no engine listened (or since). */
  private pageLast = '';
  private window: { until: number; engineFirst: string | null; pageAfter: boolean } | null = null;

  /** An engine listens again after an outage the page's lines covered. */
  begin(now: number): void {
    this.window = { until: now + HANDBACK_MS, engineFirst: null, pageAfter: false };
  }

  /** A final line from the page; returns what is left to store (empty: the engine said all of it). */
  page(text: string, now: number): string {
    const w = this.open(now);
    this.pageLast = text;
    if (!w || w.pageAfter) return text;
    w.pageAfter = true;
    if (w.engineFirst === null) return text;
    const n = shared(text, w.engineFirst);
    return n ? cut(text, -n) : text;
  }

  /** A final phrase from the engine; returns what is left of it to say. */
  engine(text: string, now: number): string {
    const w = this.open(now);
    if (!w || w.engineFirst !== null) return text;
    w.engineFirst = text;
    const n = shared(this.pageLast, text);
    return n ? cut(text, n) : text;
  }

  private open(now: number) {
    if (this.window && (now > this.window.until || (this.window.engineFirst !== null && this.window.pageAfter))) this.window = null;
    return this.window;
  }
}
