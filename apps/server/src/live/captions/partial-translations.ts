import { findListeningLanguage, liveEvents, type Caption } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { demoTranslation } from '../../providers/translation/demo-translator';
import { protect } from '../../providers/translation/glossary-protect';
import { TranslationError } from '../../providers/translation/translator';
import { liveSource } from '../live-sources';
import { defaultPartialPolicy, PartialSentence, UnsettledEnd, type PartialPlan, type PartialPolicyOptions } from './partial-policy';
import { rooms } from '../rooms/room-names';
import type { SermonRoom } from '../rooms/sermon-room';
import { translateForLanguages, type TranslationOutcome } from './translate';
import type { SettledCaptions } from './settled-captions';
import { splitUnits, type Unit } from './word-units';

export interface PartialTranslationOptions {
  /** New stable source words a request needs at the least. */
  stepUnits: number;
  /** Fewest milliseconds between two requests of one sermon. */
  minGapMs: number;
  /** Partial characters ÷ final characters the step size steers to (decision 030). */
  costTarget: number;
  /** Partial characters ÷ final characters past which no partial is asked. */
  costCap: number;
  /** Above the target, the window grows a word for each this much more cost (decision 057). */
  stepPerPressure: number;
  /** After a refused or late partial, none for this long (the translator is throttling or slow). */
  pauseMs: number;
  /**
   * The step and budget while someone hears the server's voice in a language translated (decision
   * 047): the voice says each window as it is committed, so a narrower window is a voice sooner.
   */
  voiced: Pick<PartialTranslationOptions, 'stepUnits' | 'costTarget' | 'costCap' | 'stepPerPressure'>;
}

// A read sermon: three-word windows widened a word per 0.1 over the target, not four-word ones
// widened per 0.03 (decision 057): the same 2× bill, words sooner. A voiced sermon: one-word windows
// widened a word per 0.04 over 1.24, within decision 047's bill (decision 061).
export const defaultPartialOptions: PartialTranslationOptions = {
  stepUnits: 3,
  minGapMs: 250,
  costTarget: 0.9,
  costCap: 0.97,
  stepPerPressure: 0.1,
  pauseMs: 5000,
  voiced: { stepUnits: 1, costTarget: 1.24, costCap: 1.28, stepPerPressure: 0.04 },
};

/**
 * The step and budget a request is asked under. A voiced sermon's larger budget buys one-word
 * windows where its translator settles a word with one word after it. One known to need two or more
 * (it rewrites more of a growing sentence's end) has a one-word window pay three words and its
 * budget spent in stretches: such a sermon is asked as a read one is, within 2× (decision 063).
 */
export function budgetFor(options: PartialTranslationOptions, voiced: boolean, rewritesMore: boolean): PartialTranslationOptions['voiced'] {
  return voiced && !rewritesMore ? options.voiced : options;
}

export interface PartialDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  now(): number;
  listenerRecoveryMs: number;
  options: PartialTranslationOptions;
  emit(room: string, event: string, payload: unknown, volatile: boolean): void;
  /** A language's committed text of the line grew: the voice says what is new (decision 039). */
  committed?(room: SermonRoom, seq: number, language: string, text: string): void;
  /** The committed words of a partial, for livestream caption feeds (decision 037). */
  settled?: SettledCaptions;
}

/** What one sermon's partials are doing; kept where the speaker is. */
interface SermonPartials {
  sentence: PartialSentence | null;
  /** The newest hypothesis: its units, text and glossary terms (as unit ranges). */
  units: Unit[];
  text: string;
  terms: Array<[number, number]>;
  /** Characters the hypothesis would be sent as (glossary markup included): what its final will cost. */
  sentLength: number;
  hypotheses: number;
  learner: UnsettledEnd;
  inFlight: boolean;
  lastRequestAt: number;
  pausedUntil: number;
  finalsInFlight: number;
  /** Characters sent for partials, and those its finals cost (the yardstick, cached ones too), times target languages. */
  spent: number;
  finals: number;
  /** The translator refused a language (a church-made one): partials go to known languages only. */
  knownOnly: boolean;
  /** The recogniser's finals start with a capital letter (Azure's do; learnt from each final), so partial text does too. */
  capitalise: boolean;
  timer: NodeJS.Timeout | null;
}

/**
 * Partial translations (decision 030): while the speaker is still saying a sentence, every listened
 * language is shown it so far, translated in windows by partial-policy.ts. Runs on the process
 * holding the speaker, once for the cluster: one request for every listened language, at most one
 * in flight per sermon (an answer brings the newest hypothesis to the translator next; nothing
 * queues), never while a final of the sermon is being translated, and sent as volatile captions
 * (`final: false`). Finals are untouched: they replace the partial on every screen.
 */
export class PartialTranslations {
  private readonly sermons = new WeakMap<SermonRoom, SermonPartials>();
  private readonly policy: PartialPolicyOptions;

  constructor(private readonly deps: PartialDeps) {
    this.policy = { ...defaultPartialPolicy, stepUnits: deps.options.stepUnits };
  }

  /** The recogniser's hypothesis of line `seq` (glossary corrections already made). */
  async hypothesis(room: SermonRoom, seq: number, text: string): Promise<void> {
    const p = this.of(room);
    const current = room.currentPartial;
    // A hypothesis overtaken by its line's final (handled while the final was stored) is over.
    if (seq <= room.lastSeq || (current && current.seq > seq)) return;
    room.currentPartial = current?.seq === seq ? current : { seq, texts: {}, provider: room.translatorKind };
    room.currentPartial.texts[room.sourceLanguage] = text;
    if (p.sentence && p.sentence.seq > seq) return;

    const n = ++p.hypotheses;
    const { terms, sentLength } = await this.termsIn(room, text);
    // A newer hypothesis arrived meanwhile: it is the one that counts.
    if (n !== p.hypotheses || room.ending) return;
    if (!p.sentence || p.sentence.seq !== seq) p.sentence = new PartialSentence(seq, this.policy);
    p.units = splitUnits(text, room.sourceLanguage);
    p.text = text;
    p.sentLength = sentLength;
    p.terms = terms.map(([start, end]) => unitRange(p.units, start, end));
    const retracted = p.sentence.observe(p.units, p.learner.held, p.terms);
    for (const language of retracted) this.show(room, p, language);
    this.pump(room);
  }

  /**
   * Line `seq` is final: its partial is over (the final replaces it on screens). `translation` is
   * the final's translation in progress, if any: partials wait for it, and count its cost.
   */
  finalised(room: SermonRoom, seq: number, text: string, translation: Promise<TranslationOutcome> | null): void {
    const p = this.of(room);
    if (!p.sentence || p.sentence.seq <= seq) {
      p.sentence = null;
      p.units = [];
      p.text = '';
      p.sentLength = 0;
    }
    if (room.currentPartial && room.currentPartial.seq <= seq) room.currentPartial = null;
    p.capitalise = /^\P{L}*\p{Lu}/u.test(text);
    if (!translation) return;
    p.finalsInFlight++;
    translation
      .then((outcome) => {
        // A line the cache answered (a prayer said again, a sermon replayed) counts as it cost when
        // first made: otherwise a sermon of repeated lines would leave its partials no budget.
        p.finals += outcome.characters + (outcome.cachedCharacters ?? 0);
        if (outcome.error) this.pauseAfter(p, outcome.error);
      })
      .catch(() => undefined)
      .finally(() => {
        p.finalsInFlight--;
        this.pump(room);
      });
  }

  /** What a listener of `language` joining now is shown of the sentence being said, if anything. */
  current(room: SermonRoom, language: string): Caption | undefined {
    const partial = room.partial;
    const text = partial?.texts[language];
    if (!partial || !text) return undefined;
    const provider = language === room.sourceLanguage ? 'source' : partial.provider;
    return { sermonId: room.id, seq: partial.seq, language, text, final: false, provider };
  }

  private of(room: SermonRoom): SermonPartials {
    let p = this.sermons.get(room);
    if (!p) {
      p = {
        sentence: null, units: [], text: '', terms: [], sentLength: 0, hypotheses: 0, learner: new UnsettledEnd(this.policy),
        inFlight: false, lastRequestAt: 0, pausedUntil: 0, finalsInFlight: 0, spent: 0, finals: 0,
        knownOnly: false, capitalise: true, timer: null,
      };
      this.sermons.set(room, p);
    }
    return p;
  }

  /** Where the church's glossary terms stand in the hypothesis (character ranges), and its length as sent. */
  private async termsIn(room: SermonRoom, text: string): Promise<{ terms: Array<[number, number]>; sentLength: number }> {
    try {
      const { matcher } = await liveSource(this.deps.ctx, 'glossary')(room.churchId, room.sourceLanguage);
      if (!matcher) return { terms: [], sentLength: text.length };
      return { terms: matcher.match(text).map((m) => [m.start, m.end]), sentLength: protect(text, matcher).text.length };
    } catch {
      return { terms: [], sentLength: text.length };
    }
  }

  /** Asks for the next partial when one is due and allowed. */
  private pump(room: SermonRoom): void {
    const p = this.of(room);
    if (p.inFlight || !p.sentence || room.ending || room.status !== 'live' || p.finalsInFlight > 0) return;
    const now = this.deps.now();
    if (now < p.pausedUntil) return;
    const wait = p.lastRequestAt + this.deps.options.minGapMs - now;
    if (wait > 0) {
      p.timer ??= setTimeout(() => {
        p.timer = null;
        this.pump(room);
      }, wait);
      p.timer.unref();
      return;
    }
    const targets = room.wantedLanguages(now, this.deps.listenerRecoveryMs)
      .filter((l) => l !== room.sourceLanguage && (!p.knownOnly || findListeningLanguage(l)));
    if (targets.length === 0) return;

    // Cost: partials may spend about what finals cost (the final of the sentence being said
    // included, at the length it has so far); above the target the windows grow. A sermon whose
    // translated languages are heard in the server's voice has narrower windows and a larger budget.
    const voiced = room.hasSpeech && targets.some((l) => room.voicesWanted(l).length > 0);
    const { stepUnits, costTarget, costCap, stepPerPressure } = budgetFor(this.deps.options, voiced, p.learner.rewritesMore());
    const yardstick = p.finals + p.sentLength * targets.length;
    const pressure = yardstick > 0 ? p.spent / yardstick : 0;
    // A translator trusted to settle its ending has the tail every phone shows committed, not sent
    // again (decision 058). Its windows still widen under pressure: a wider window leaves more of a
    // sentence's last words to its final, and without that the cap stopped partials for stretches.
    const promote = p.learner.trustsEnding();
    const extra = pressure > costTarget ? Math.ceil((pressure - costTarget) / stepPerPressure) : 0;
    // Past the cap nothing is asked (the overshoot is at most the one request that crossed it).
    if (pressure > costCap) return;
    const plan = p.sentence.plan(p.units, p.learner.probeDue(), p.terms, stepUnits + extra, p.learner.held, promote);
    if (!plan) return;

    p.inFlight = true;
    p.lastRequestAt = now;
    const sentence = p.sentence;
    translateForLanguages(this.deps.ctx, this.deps.log, room.churchId, plan.text, room.sourceLanguage, targets, { purpose: 'partial' })
      .then((outcome) => this.answered(room, p, sentence, plan, targets, outcome))
      .catch((err: unknown) => this.deps.log.error({ err, sermonId: room.id }, 'partial translation failed'))
      .finally(() => {
        p.inFlight = false;
        this.pump(room);
      });
  }

  private answered(room: SermonRoom, p: SermonPartials, sentence: PartialSentence, plan: PartialPlan, targets: string[], outcome: TranslationOutcome): void {
    p.spent += outcome.characters;
    if (outcome.failed) {
      this.pauseAfter(p, outcome.error);
      return;
    }
    // The final came meanwhile, or the sentence changed under the request: too late to show.
    if (room.ending || p.sentence !== sentence) return;
    const answers = new Map<string, string>();
    for (const language of targets) answers.set(language, outcome.byLanguage.get(language)!.text);
    const provider = outcome.byLanguage.get(targets[0]!)!.provider;
    if (room.currentPartial && (provider === 'azure' || provider === 'demo')) room.currentPartial.provider = provider;
    const changed = sentence.apply(plan, answers, p.learner);
    for (const language of changed ?? []) this.show(room, p, language);
  }

  /** A refused or late partial: none for a while (a throttling translator must serve finals first). */
  private pauseAfter(p: SermonPartials, error: unknown): void {
    if (error instanceof TranslationError && error.status === 400) {
      p.knownOnly = true;
      return;
    }
    p.pausedUntil = this.deps.now() + this.deps.options.pauseMs;
  }

  /** Sends one language's partial to its listeners, on every process. */
  private show(room: SermonRoom, p: SermonPartials, language: string): void {
    const sentence = p.sentence;
    const partial = room.currentPartial;
    if (!sentence || !partial || partial.seq !== sentence.seq) return;
    let text = sentence.display(language);
    if (text && p.capitalise) text = text.replace(/^(\P{L}*)(\p{Ll})/u, (_all, lead: string, c: string) => lead + c.toUpperCase());
    // The demo's label once, at the start of the sentence (decision 004).
    if (text && partial.provider === 'demo') text = demoTranslation(text, language);
    const changedText = text !== (partial.texts[language] ?? '');
    partial.texts[language] = text;
    // The tentative tail follows committed words only: alone it would be a line of guesses (decision 058).
    const tentative = text ? sentence.tentative(language) : '';
    const caption: Caption = { sermonId: room.id, seq: sentence.seq, language, text, final: false, provider: partial.provider, ...(tentative ? { tentative } : {}) };
    this.deps.emit(rooms.language(room.id, language), liveEvents.caption, caption, true);
    // The voice and livestream feeds get committed words only, and only when they changed.
    if (!text || !changedText) return;
    this.deps.committed?.(room, sentence.seq, language, text);
    this.deps.settled?.announce({ sermonId: room.id, churchId: room.churchId, seq: sentence.seq, language, text, final: false, spokenAt: room.lineStart?.seq === sentence.seq ? room.lineStart.at : this.deps.now() });
  }
}

/** The units a character range of the text covers. */
function unitRange(units: readonly Unit[], start: number, end: number): [number, number] {
  let offset = 0;
  let first = -1;
  let last = -1;
  units.forEach((unit, i) => {
    const from = offset;
    offset += unit.length;
    if (offset > start && from < end) {
      if (first < 0) first = i;
      last = i;
    }
  });
  return first < 0 ? [0, 0] : [first, last + 1];
}
