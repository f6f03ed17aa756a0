/**
 * Finding glossary terms in a line (decision 025): a trie over normalised words, walked once from
 * each word of the line. The work per line grows with the line's length and the longest term, never
 * with the number of entries, so a church with 2,000 entries pays what a church with 20 pays.
 */

export interface GlossaryTerm {
  term: string;
  kind: 'keep' | 'fixed';
  /** Listening-language code → the term in that language (`fixed`). */
  translations: Record<string, string>;
  /** Match only right before a number (book names that are also everyday words). */
  beforeNumber?: boolean;
}

export interface MatcherEntry extends GlossaryTerm {
  heardAs?: string[];
}

interface Node {
  next: Map<string, Node>;
  /** A term ends here; `heard` when it is one of the term's misheard variants. */
  hit?: { term: GlossaryTerm; heard: boolean };
}

export interface Match {
  start: number;
  end: number;
  term: GlossaryTerm;
  /** The words were a misheard variant: the line shows the term instead. */
  heard: boolean;
}

interface Token {
  key: string;
  start: number;
  end: number;
}

// A Han character is a word of its own (Chinese has no spaces); other scripts run to the next
// space or punctuation. Letters with their combining marks (Devanagari vowel signs) stay whole.
const TOKEN = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])+/gu;
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;
const HAN = /^\p{Script=Han}$/u;
const NUMBER = /^\p{N}+$/u;

/** One word as the matcher compares it: lower case, Latin accents stripped ("Nehemías" = "nehemias"). */
export function normaliseWord(word: string): string {
  return word.toLowerCase().normalize('NFKD').replace(LATIN_DIACRITICS, '').normalize('NFC');
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) tokens.push({ key: normaliseWord(m[0]), start: m.index, end: m.index + m[0].length });
  return tokens;
}

/** A term's key for duplicate checks: its normalised words, single-spaced. */
export function termKey(term: string): string {
  return tokenise(term).map((t) => t.key).join(' ');
}

export class GlossaryMatcher {
  private readonly root: Node = { next: new Map() };
  /** Distinct terms, for the recogniser's phrase list. */
  readonly terms: string[] = [];
  readonly size: number;

  constructor(entries: Iterable<MatcherEntry>) {
    let size = 0;
    for (const entry of entries) {
      const term: GlossaryTerm = { term: entry.term, kind: entry.kind, translations: entry.translations, beforeNumber: entry.beforeNumber };
      if (this.add(entry.term, term, false)) {
        this.terms.push(entry.term);
        size++;
      }
      for (const variant of entry.heardAs ?? []) this.add(variant, term, true);
    }
    this.size = size;
  }

  private add(words: string, term: GlossaryTerm, heard: boolean): boolean {
    const keys = tokenise(words).map((t) => t.key);
    // One Chinese character alone (主, 神) is part of too many other words to be matched safely.
    if (keys.length === 0 || (keys.length === 1 && HAN.test(keys[0]!))) return false;
    let node = this.root;
    for (const key of keys) {
      let child = node.next.get(key);
      if (!child) {
        child = { next: new Map() };
        node.next.set(key, child);
      }
      node = child;
    }
    // The term itself wins over a variant spelled the same way.
    if (!node.hit || (node.hit.heard && !heard)) node.hit = { term, heard };
    return true;
  }

  /** Every term in the line, longest first where two start at the same word, never overlapping. */
  match(text: string): Match[] {
    if (this.size === 0) return [];
    const tokens = tokenise(text);
    const matches: Match[] = [];
    let i = 0;
    while (i < tokens.length) {
      let node: Node | undefined = this.root;
      let best: { at: number; hit: NonNullable<Node['hit']> } | undefined;
      for (let j = i; j < tokens.length; j++) {
        node = node.next.get(tokens[j]!.key);
        if (!node) break;
        if (node.hit && (!node.hit.term.beforeNumber || NUMBER.test(tokens[j + 1]?.key ?? ''))) best = { at: j, hit: node.hit };
      }
      if (best) {
        matches.push({ start: tokens[i]!.start, end: tokens[best.at]!.end, term: best.hit.term, heard: best.hit.heard });
        i = best.at + 1;
      } else i++;
    }
    return matches;
  }
}

/** The line with misheard variants replaced by their terms, and where each term now stands. */
export function correctLine(text: string, matcher: GlossaryMatcher): { text: string; matches: Match[] } {
  const found = matcher.match(text);
  if (!found.some((m) => m.heard)) return { text, matches: found };
  let out = '';
  let from = 0;
  const matches: Match[] = [];
  for (const m of found) {
    out += text.slice(from, m.start);
    const words = m.heard ? m.term.term : text.slice(m.start, m.end);
    matches.push({ start: out.length, end: out.length + words.length, term: m.term, heard: false });
    out += words;
    from = m.end;
  }
  return { text: out + text.slice(from), matches };
}
