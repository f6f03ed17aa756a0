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
import { defaultPartialPolicy, type PartialPolicyOptions, type UnsettledEnd } from './unsettled-end';
import { normaliseUnit, splitUnits, type Unit } from './word-units';

export { defaultPartialPolicy, UnsettledEnd, type PartialPolicyOptions } from './unsettled-end';

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const sameUnits = (a: readonly Unit[], b: readonly Unit[]) => a.length === b.length && a.every((u, i) => normaliseUnit(u) === normaliseUnit(b[i]!));

/** One request for a partial translation, planned from a hypothesis. */
export interface PartialPlan {
  seq: number;
  /** The hypothesis' units when planned. */
  units: Unit[];
  /** First source unit sent. */
  from: number;
  /** Units before the shown point sent again to check them (0 or 1). */
  probe: number;
  /** Units of the last answer's tentative tail committed as they were shown, not sent again (decision 058). */
  promoted: number;
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

  /**
   * The next request, when at least `step` new stable words are waiting; null otherwise. With
   * `promote` (a translator trusted to settle its ending, UnsettledEnd.trustsEnding) the tail
   * every phone shows is committed as it is and the request starts after it.
   */
  plan(units: readonly Unit[], probe: boolean, terms: ReadonlyArray<readonly [number, number]> = [], step = this.options.stepUnits, held = this.options.maxHeld, promote = false): PartialPlan | null {
    const at = this.committed.length;
    const promoted = promote && !probe ? this.wholeTail() : 0;
    // The tail's words must now be stable (the recogniser agreed twice and said more), and `step`
    // words after it waiting to be sent.
    if (promoted > 0) {
      if (this.stable < at + promoted || units.length - (at + promoted) < step) return null;
      let sendTo = units.length;
      for (const [start, end] of terms) if (start < sendTo && sendTo < end) sendTo = end;
      const from = at + promoted;
      return { seq: this.seq, units: [...units], from, probe: 0, promoted, showTo: Math.max(from, this.stable), sendTo, text: units.slice(from, sendTo).join('').trim() };
    }
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
    return { seq: this.seq, units: [...units], from, probe: canProbe ? 1 : 0, promoted: 0, showTo: this.stable, sendTo, text: units.slice(from, sendTo).join('').trim() };
  }

  /** Source units of the tentative tail when every language shows all of its masked words; else 0. */
  private wholeTail(): number {
    if (this.maskedSource.length === 0 || this.masked.size === 0) return 0;
    for (const [language, masked] of this.masked) if ((this.tail.get(language)?.length ?? 0) !== masked.length) return 0;
    return this.maskedSource.length;
  }

  /**
   * The translator's answer to `plan`, per language. Returns the languages whose shown text changed,
   * or null when the answer came too late to use (the sentence changed under it).
   */
  apply(plan: PartialPlan, answers: ReadonlyMap<string, string>, learner: UnsettledEnd): string[] | null {
    if (plan.seq !== this.seq || plan.from + plan.probe - plan.promoted !== this.committed.length) return null;
    // The tail a promoting plan commits was taken away meanwhile (the recogniser changed a word under it).
    if (plan.promoted > 0 && this.wholeTail() !== plan.promoted) return null;
    // The recogniser has since changed words this answer would show.
    if (commonPrefix(this.previous, plan.units.map(normaliseUnit)) < plan.showTo) return null;
    const sourceSent = plan.sendTo - plan.from;
    // The last answer's masked words lead this request: were their first translations their settled ones?
    const start = plan.from + plan.probe;
    const sameMasked = plan.promoted === 0 && this.maskedSource.length > 0 && this.maskedSource.every((u, i) => normaliseUnit(plan.units[start + i] ?? '') === u);
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
      if (plan.promoted === 0 && previousMasked && previousMasked.length > 1 && target.length > probeUnits) {
        const agree = normaliseUnit(previousMasked[0]!) === normaliseUnit(target[probeUnits]!);
        heldAgreed = (heldAgreed ?? true) && agree;
      }
      if (previousMasked && sameMasked) {
        for (let i = 0; i < previousMasked.length && probeUnits + i < showEnd; i++) {
          learner.tailAgreed(previousMasked.length - 1 - i, normaliseUnit(previousMasked[i]!) === normaliseUnit(target[probeUnits + i]!));
        }
      }
      const fresh = target.slice(probeUnits, showEnd);
      if (fresh.length > 0 && shown.length + (plan.promoted > 0 ? 1 : 0) > 0) fresh[0] = continuing(fresh[0]!, plan.units[plan.from + plan.probe]);
      // A promoted tail is committed as every phone showed it, then this window's words follow it.
      const adding = [...(plan.promoted > 0 ? this.tail.get(language) ?? [] : []), ...fresh];
      for (const unit of adding) {
        if (shown.length > 0) shown[shown.length - 1] = withSpace(shown[shown.length - 1]!, language);
        shown.push(unit);
      }
      if (adding.length > 0) didChange = true;
      this.shown.set(language, shown);
      const masked = target.slice(showEnd);
      this.masked.set(language, masked);
      targetEnd.set(language, shown.length);
      // What the reader sees after the committed words: as much of the masked ending as the translator has earned.
      const before = this.tentative(language);
      const tail = masked.slice(0, learner.tailWords(masked.length, adding.length));
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
