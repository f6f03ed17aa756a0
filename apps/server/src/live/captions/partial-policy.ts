/**
 * What a translated listener is shown of a sentence the speaker is still saying (decision 030), as
 * pure functions and state, no I/O: partial-translations.ts feeds it the recogniser's hypotheses and
 * the translator's answers.
 *
 * The sentence is translated in windows that follow each other, never from its start again, so
 * what is sent grows with the sentence, not with its square. Each request carries the source words
 * after the last shown one, up to the newest; the last `held` source words (the recogniser's newest,
 * and the translator's unsettled ending) are sent but their translation is not shown: they lead the
 * next window, where they are no longer last and come back settled. What is shown is never taken
 * back by a later partial unless the recogniser itself changes a word already shown.
 *
 * How many words to hold is learnt per sermon: from the held words' first and second translations
 * (could fewer have been held?) and, now and then, by sending the last shown word again (were the
 * shown words settled?).
 *
 * The held words' translation is not thrown away (decision 058): it is shown after the committed
 * words as a tentative tail the next answer replaces, as far as the sermon's translator has earned
 * it. Each masked position's first translation is compared with its settled one; a position is shown
 * only while the words it would take back, expected, stay within a share of the window's words. A
 * translator that always rewrites its ending never has a tail shown. Only committed words are voiced.
 */
import { normaliseUnit, splitUnits, type Unit } from './word-units';

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const sameUnits = (a: readonly Unit[], b: readonly Unit[]) => a.length === b.length && a.every((u, i) => normaliseUnit(u) === normaliseUnit(b[i]!));

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
 * How far back the sermon's translator changes the end of its output, learnt from its answers.
 * Starts cautious (two words held) and holds fewer only after the held words' settled translations
 * keep agreeing with their first ones.
 */
export class UnsettledEnd {
  held = 2;
  private agreedInARow = 0;
  private sinceProbe = 0;
  /**
   * Per place in the masked ending, counted from its end (0: the last word): how often its first
   * translation was its settled one. From the end, as the mask is: a translator rewrites its last words.
   */
  private readonly survival: number[] = [];

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
    if (this.agreedInARow >= 4 && this.held > 1) {
      this.held--;
      this.agreedInARow = 0;
      // Check the new setting at once.
      this.sinceProbe = this.options.probeEvery;
    }
  }

  /** The last shown word, sent again, came back different: it had been shown too soon. */
  probeAgreed(agree: boolean): void {
    if (agree) return;
    this.held = Math.min(this.options.maxHeld, this.held + 1);
    this.agreedInARow = 0;
  }

  /** The masked word `fromEnd` words before the ending's last came back the same (or not) once settled. */
  tailAgreed(fromEnd: number, agree: boolean): void {
    const was = this.survival[fromEnd] ?? 0;
    this.survival[fromEnd] = was + TRUST_RATE * ((agree ? 1 : 0) - was);
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

/** One request for a partial translation, planned from a hypothesis. */
export interface PartialPlan {
  seq: number;
  /** The hypothesis' units when planned. */
  units: Unit[];
  /** First source unit sent. */
  from: number;
  /** Units before the shown point sent again to check them (0 or 1). */
  probe: number;
  /** Source units shown once the answer is in (exclusive end). */
  showTo: number;
  /** Source units sent (exclusive end): the shown ones and the held ones after them, not every newer word. */
  sendTo: number;
  /** What is sent to the translator. */
  text: string;
}

interface ShownWindow {
  sourceEnd: number;
  targetEnd: Map<string, number>;
}

/**
 * One sentence (one seq) while it is spoken: the source words whose translation is shown, and per
 * language the units shown.
 */
export class PartialSentence {
  private committed: string[] = [];
  private readonly shown = new Map<string, Unit[]>();
  private readonly windows: ShownWindow[] = [];
  /** Per language, the units of the last answer that were not committed. */
  private readonly masked = new Map<string, Unit[]>();
  /** The source words (normalised) those masked units translate. */
  private maskedSource: string[] = [];
  /** Per language, the masked units shown as a tentative tail (decision 058). */
  private readonly tail = new Map<string, Unit[]>();
  private previous: string[] = [];
  private stable = 0;

  constructor(readonly seq: number, private readonly options: PartialPolicyOptions = defaultPartialPolicy) {}

  /** Source units whose translation is shown. */
  get shownSourceUnits(): number {
    return this.committed.length;
  }

  /**
   * A new hypothesis. Returns the languages whose shown text went back because the recogniser
   * changed a word already shown (rare: recognisers revise their newest words).
   */
  observe(units: readonly Unit[], held: number, terms: ReadonlyArray<readonly [number, number]> = []): string[] {
    const norm = units.map(normaliseUnit);
    const agreed = commonPrefix(this.committed, norm);
    let retracted: string[] = [];
    if (agreed < this.committed.length) retracted = this.retractTo(agreed);
    // The recogniser changed a word under the tentative tail: its translation is no longer the words said.
    const at = this.committed.length;
    if (this.tail.size > 0 && !this.maskedSource.every((u, i) => norm[at + i] === u)) retracted = [...new Set([...retracted, ...this.dropTail()])];
    // A word is stable once two hypotheses in a row agree on it and it is not among the newest
    // `held`. Protected glossary terms come back as sent, so they are not counted: the translator's
    // unsettled ending is the words it translated before them.
    const inTerm = (i: number) => terms.some(([start, end]) => start <= i && i < end);
    let newest = units.length;
    for (let counted = 0; newest > 0 && counted < held; ) if (!inTerm(--newest)) counted++;
    let stable = Math.min(commonPrefix(this.previous, norm), newest);
    // A glossary term is shown whole or not at all: its words travel in one request.
    for (const [start, end] of terms) if (start < stable && stable < end) stable = start;
    this.previous = norm;
    this.stable = Math.max(0, stable);
    return retracted;
  }

  /** The next request, when at least `step` new stable words are waiting; null otherwise. */
  plan(units: readonly Unit[], probe: boolean, terms: ReadonlyArray<readonly [number, number]> = [], step = this.options.stepUnits, held = this.options.maxHeld): PartialPlan | null {
    const at = this.committed.length;
    if (this.stable - at < step) return null;
    // A glossary term among the held words would be sent twice, its markup with it (decision 025):
    // one more word, and it is shown instead.
    const heldTerm = terms.some(([start, end]) => end > this.stable && start < units.length);
    if (heldTerm && this.stable - at < step + 2) return null;
    // Sending the last shown word again must not cut a glossary term in two.
    const canProbe = probe && at > 0 && !terms.some(([start, end]) => start < at - 1 && at - 1 < end);
    const from = canProbe ? at - 1 : at;
    // The translator needs `held` words after the shown ones to settle them; words beyond those (a
    // hypothesis that grew by several words, a newest word just corrected) are paid for and masked
    // for nothing. A glossary term is never cut.
    let sendTo = Math.min(units.length, this.stable + Math.max(1, held));
    for (const [start, end] of terms) if (start < sendTo && sendTo < end) sendTo = end;
    return { seq: this.seq, units: [...units], from, probe: canProbe ? 1 : 0, showTo: this.stable, sendTo, text: units.slice(from, sendTo).join('').trim() };
  }

  /**
   * The translator's answer to `plan`, per language. Returns the languages whose shown text changed,
   * or null when the answer came too late to use (the sentence changed under it).
   */
  apply(plan: PartialPlan, answers: ReadonlyMap<string, string>, learner: UnsettledEnd): string[] | null {
    if (plan.seq !== this.seq || plan.from + plan.probe !== this.committed.length) return null;
    // The recogniser has since changed words this answer would show.
    if (commonPrefix(this.previous, plan.units.map(normaliseUnit)) < plan.showTo) return null;
    const sourceSent = plan.sendTo - plan.from;
    // The last answer's masked words lead this request: were their first translations their settled ones?
    const start = plan.from + plan.probe;
    const sameMasked = this.maskedSource.length > 0 && this.maskedSource.every((u, i) => normaliseUnit(plan.units[start + i] ?? '') === u);
    const changed: string[] = [];
    let probeAgreed = true;
    let heldAgreed: boolean | null = null;
    const targetEnd = new Map<string, number>();
    for (const [language, text] of answers) {
      const target = splitUnits(text, language);
      if (target.length === 0) continue;
      const ratio = target.length / sourceSent;
      const probeUnits = plan.probe ? Math.min(target.length, Math.max(1, Math.round(plan.probe * ratio))) : 0;
      // The translator's unsettled ending is counted from the end of its output.
      const maskUnits = Math.max(1, Math.round((plan.sendTo - plan.showTo) * ratio));
      const showEnd = Math.max(probeUnits, target.length - maskUnits);
      const shown = this.shown.get(language) ?? [];
      let didChange = false;

      if (probeUnits > 0) {
        const again = target.slice(0, probeUnits);
        const before = shown.slice(-probeUnits);
        if (!sameUnits(again, before)) {
          probeAgreed = false;
          // Shown too soon: the settled words replace it.
          shown.splice(shown.length - before.length, before.length, ...again.map((u) => withSpace(u, language)));
          didChange = true;
        }
      }
      const previousMasked = this.masked.get(language);
      if (previousMasked && previousMasked.length > 1 && target.length > probeUnits) {
        const agree = normaliseUnit(previousMasked[0]!) === normaliseUnit(target[probeUnits]!);
        heldAgreed = (heldAgreed ?? true) && agree;
      }
      if (previousMasked && sameMasked) {
        for (let i = 0; i < previousMasked.length && probeUnits + i < showEnd; i++) {
          learner.tailAgreed(previousMasked.length - 1 - i, normaliseUnit(previousMasked[i]!) === normaliseUnit(target[probeUnits + i]!));
        }
      }
      const fresh = target.slice(probeUnits, showEnd);
      if (fresh.length > 0) {
        if (shown.length > 0) {
          const last = shown.length - 1;
          shown[last] = withSpace(shown[last]!, language);
          fresh[0] = continuing(fresh[0]!, plan.units[plan.from + plan.probe]);
        }
        shown.push(...fresh);
        didChange = true;
      }
      this.shown.set(language, shown);
      const masked = target.slice(showEnd);
      this.masked.set(language, masked);
      targetEnd.set(language, shown.length);
      // What the reader sees after the committed words: as much of the masked ending as the translator has earned.
      const before = this.tentative(language);
      const tail = masked.slice(0, learner.tailWords(masked.length, fresh.length));
      if (tail.length > 0 && shown.length > 0) tail[0] = continuing(tail[0]!, plan.units[plan.showTo]);
      this.tail.set(language, tail);
      if (didChange || this.tentative(language) !== before) changed.push(language);
    }
    this.maskedSource = plan.units.slice(plan.showTo, plan.sendTo).map(normaliseUnit);
    if (plan.probe) learner.probeAgreed(probeAgreed);
    if (heldAgreed !== null) learner.heldAgreed(heldAgreed);
    learner.requested(plan.probe > 0);
    this.committed = plan.units.slice(0, plan.showTo).map(normaliseUnit);
    this.windows.push({ sourceEnd: plan.showTo, targetEnd });
    return changed;
  }

  /** What a listener of `language` is shown of the sentence so far ('' for nothing yet). */
  display(language: string): string {
    return (this.shown.get(language) ?? []).join('').trim();
  }

  /**
   * The tentative tail after `display(language)`, to be shown as it is (its leading space included):
   * the next answer may replace it, so it is never voiced nor announced (decision 058).
   */
  tentative(language: string): string {
    const text = (this.tail.get(language) ?? []).join('').trim();
    if (!text) return '';
    return SPACELESS.test(language) || this.display(language) === '' ? text : ` ${text}`;
  }

  /** Every language with something shown. */
  languages(): string[] {
    return [...this.shown.keys()].filter((l) => this.display(l) !== '');
  }

  private retractTo(agreed: number): string[] {
    while (this.windows.length > 0 && this.windows.at(-1)!.sourceEnd > agreed) this.windows.pop();
    const kept = this.windows.at(-1);
    this.committed = this.committed.slice(0, kept?.sourceEnd ?? 0);
    this.masked.clear();
    const changed: string[] = this.dropTail();
    for (const [language, units] of this.shown) {
      const end = kept?.targetEnd.get(language) ?? 0;
      if (end < units.length) {
        this.shown.set(language, units.slice(0, end));
        if (!changed.includes(language)) changed.push(language);
      }
    }
    return changed;
  }

  /** Takes every tentative tail away; returns the languages that had one. */
  private dropTail(): string[] {
    const had = [...this.tail].filter(([, units]) => units.length > 0).map(([language]) => language);
    this.tail.clear();
    this.maskedSource = [];
    return had;
  }
}

const SPACELESS = /^(zh|ja|th|lo|km|my|yue|bo)\b/i;

/** A unit that another follows: ends with a space, unless the language is written without spaces. */
function withSpace(unit: Unit, language = ''): Unit {
  if (SPACELESS.test(language) || /\s$/.test(unit)) return unit;
  return `${unit} `;
}

/**
 * A window's first word as it continues the sentence: a translator given a piece of a sentence may
 * start it with a capital letter the sentence does not have there.
 */
function continuing(unit: Unit, sourceUnit: Unit | undefined): Unit {
  const sourceStartsLower = sourceUnit !== undefined && /^\P{L}*\p{Ll}/u.test(sourceUnit);
  if (!sourceStartsLower) return unit;
  return unit.replace(/^(\P{L}*)(\p{Lu})/u, (_all, lead: string, c: string) => lead + c.toLowerCase());
}
