/**
 * How far back a sermon's translator changes the end of its output (decision 030), and how far its
 * masked ending may be shown as a tentative tail or committed without being sent again (decision
 * 058), learnt from its answers by partial-policy.ts.
 */
export interface PartialPolicyOptions {
  /** New showable source words a request needs: fewer costs more requests, more makes words wait. */
  stepUnits: number;
  /** Most source words held back at the end of a request. */
  maxHeld: number;
  /** At the fewest held words, every this many requests the last shown word is sent again to check it. */
  probeEvery: number;
  /**
   * Words of a tentative tail taken back, expected, per word a window commits (decision 058): the
   * reader's erasure the tail may cost. 0 shows no tail.
   */
  tailErasure?: number;
}

export const defaultPartialPolicy: PartialPolicyOptions = { stepUnits: 4, maxHeld: 3, probeEvery: 12, tailErasure: 0.1 };

/** How fast a masked position's record of agreeing follows its newest answers (a running average). */
const TRUST_RATE = 0.25;
/**
 * The tail is committed without being sent again only for a translator whose last word has come
 * back settled this often over the sermon (misses + 1 in answers + 2), after at least `TRUST_SAMPLES`
 * answers, and whose running record is at `COMMIT_TAIL` (one rewritten ending stops it at once).
 * A committed word the translator rewrites stays wrong until the final, which then takes back every
 * word after it: only a translator that hardly ever rewrites may skip the check (decision 058).
 */
const COMMIT_TAIL = 0.95;
const MISS_RATE = 0.03;
const TRUST_SAMPLES = 30;
/** Held words compared, twice the four agreeing in a row that hold one fewer, before a translator is known to need more. */
const KNOWN_AFTER = 8;

/**
 * How far back the sermon's translator changes the end of its output, learnt from its answers.
 * Starts cautious (two words held) and holds fewer only after the held words' settled translations
 * keep agreeing with their first ones.
 */
export class UnsettledEnd {
  held = 2;
  private agreedInARow = 0;
  /** Held words compared since `held` last changed, and whether a check raised it. */
  private sinceChange = 0;
  private raised = false;
  private sinceProbe = 0;
  /**
   * Per place in the masked ending, counted from its end (0: the last word): how often its first
   * translation was its settled one. From the end, as the mask is: a translator rewrites its last words.
   */
  private readonly survival: number[] = [];
  /** Over the sermon, the last masked word's first translations compared with their settled ones, and those that differed. */
  private lastSamples = 0;
  private lastMisses = 0;

  constructor(private readonly options: PartialPolicyOptions = defaultPartialPolicy) {}

  /** Whether the next request should send the last shown word again, to check it. */
  probeDue(): boolean {
    return this.held < this.options.maxHeld && this.sinceProbe >= this.options.probeEvery - 1;
  }

  requested(probed: boolean): void {
    this.sinceProbe = probed ? 0 : this.sinceProbe + 1;
  }

  /** The first of several held words came back the same once it was no longer last: could hold one fewer. */
  heldAgreed(agree: boolean): void {
    this.agreedInARow = agree ? this.agreedInARow + 1 : 0;
    this.sinceChange++;
    if (this.agreedInARow >= 4 && this.held > 1) {
      this.held--;
      this.agreedInARow = 0;
      this.sinceChange = 0;
      this.raised = false;
      // Check the new setting at once.
      this.sinceProbe = this.options.probeEvery;
    }
  }

  /** The last shown word, sent again, came back different: it had been shown too soon. */
  probeAgreed(agree: boolean): void {
    if (agree) return;
    this.held = Math.min(this.options.maxHeld, this.held + 1);
    this.agreedInARow = 0;
    this.sinceChange = 0;
    this.raised = true;
  }

  /**
   * Whether the translator is known to rewrite more than its last word: two or more words held
   * after a check found one too few, or after answers enough to have held fewer had they agreed.
   * Until then a voiced sermon is given the benefit of the doubt (decision 063).
   */
  rewritesMore(): boolean {
    return this.held >= 2 && (this.raised || this.sinceChange >= KNOWN_AFTER);
  }

  /** The masked word `fromEnd` words before the ending's last came back the same (or not) once settled. */
  tailAgreed(fromEnd: number, agree: boolean): void {
    const was = this.survival[fromEnd] ?? 0;
    this.survival[fromEnd] = was + TRUST_RATE * ((agree ? 1 : 0) - was);
    if (fromEnd > 0) return;
    this.lastSamples++;
    if (!agree) this.lastMisses++;
  }

  /**
   * Whether the next window may commit the tentative tail as it is, and not send it again: one word
   * held, and its first translations have kept being its settled ones. The checks (probeDue) still
   * send it again now and then, and keep the record honest.
   */
  trustsEnding(): boolean {
    if (this.held !== 1 || this.lastSamples < TRUST_SAMPLES || (this.survival[0] ?? 0) < COMMIT_TAIL) return false;
    return (this.lastMisses + 1) / (this.lastSamples + 2) <= MISS_RATE;
  }

  /**
   * How many of `masked` words to show as a tentative tail after a window committing `committed`
   * words: positions in order, while the words expected back stay within the tail's share.
   */
  tailWords(masked: number, committed: number): number {
    const allowed = (this.options.tailErasure ?? defaultPartialPolicy.tailErasure ?? 0) * Math.max(1, committed);
    let expected = 0;
    let n = 0;
    while (n < masked) {
      expected += 1 - (this.survival[masked - 1 - n] ?? 0);
      if (expected > allowed) break;
      n++;
    }
    return n;
  }
}

