/**
 * What the browser's recogniser heard while it stood by (decision 060): it listens all along beside
 * the church's engine on the server, and when both server engines fail it takes over from the last
 * word the phones have, not from when it is asked. The phones' words are matched in what it heard
 * (the browser and the engine need not have split the speech into the same phrases), and only what
 * comes after them is sent: as lines for its finished phrases, as interim text for the one going on.
 */

/** A word as two recognisers may both write it: case and punctuation aside. */
const norm = (word: string) => word.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const wordsOf = (text: string) => text.split(/\s+/).filter((w) => norm(w) !== '');

/** Finished phrases kept to match the phones' words in: more than a line of the engine's spans. */
const KEPT_PHRASES = 4;
/** The phones' last words looked for, longest first: enough to tell one "the" from another. */
const MATCHED_WORDS = 3;

export interface TakeOver {
  /** The rest of phrases the browser had finished, each a line to send now. */
  lines: string[];
  /** The rest of the phrase going on, to send as interim text now (empty when none). */
  interim: string;
  /** Whether the phones' words were found: if not, what it heard is left out, as if it began now. */
  found: boolean;
}

export class StandbyWords {
  private finals: string[][] = [];
  private current: string[] = [];
  /** Words at the start of the phrase going on that the phones already have (after a take-over). */
  private skip = 0;

  /** The phrase going on, as the recogniser now has it; what of it is new to the phones. */
  interim(text: string): string {
    this.current = wordsOf(text);
    return this.current.slice(this.skip).join(' ');
  }

  /** A finished phrase; what of it is new to the phones. */
  final(text: string): string {
    const words = wordsOf(text);
    const fresh = words.slice(this.skip).join(' ');
    this.finals = [...this.finals, words].slice(-KEPT_PHRASES);
    this.current = [];
    this.skip = 0;
    return fresh;
  }

  /** Takes over from `phones`, the last words the phones have: what of what it heard comes after them. */
  takeOver(phones: string): TakeOver {
    const heard = [...this.finals.flatMap((words, phrase) => words.map((word) => ({ word, phrase }))), ...this.current.map((word) => ({ word, phrase: -1 }))];
    const end = matchEnd(heard.map((h) => norm(h.word)), wordsOf(phones).map(norm));
    if (end === undefined) {
      // Not found: the phones' words are not what it heard. Nothing it heard is sent, and it
      // counts as starting now (the server hears the rest of the outage's start again).
      this.skip = this.current.length;
      return { lines: [], interim: '', found: false };
    }
    // After the match: the rest of each finished phrase is a line; the phrase going on is interim.
    const after = heard.slice(end + 1);
    const lines = this.finals.map((_, phrase) => after.filter((h) => h.phrase === phrase).map((h) => h.word).join(' ')).filter(Boolean);
    const interim = after.filter((h) => h.phrase === -1).map((h) => h.word);
    this.skip = this.current.length - interim.length;
    return { lines, interim: interim.join(' '), found: true };
  }
}

/**
 * Where the last of `phones` ends in `heard` (an index), matching its last three words, else two,
 * else one, the latest place first; undefined when none is found.
 */
function matchEnd(heard: string[], phones: string[]): number | undefined {
  // The phones have nothing yet (the sermon's first words): all of it is new to them.
  if (!phones.length) return -1;
  for (let m = Math.min(MATCHED_WORDS, phones.length); m >= 1; m--) {
    const tail = phones.slice(-m);
    for (let end = heard.length - 1; end >= m - 1; end--) {
      if (tail.every((w, k) => heard[end - m + 1 + k] === w)) return end;
    }
  }
  return undefined;
}
