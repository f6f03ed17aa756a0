import { findListeningLanguage, type EngineSlot, type TranslatorKind } from '@app/shared';
import type { UsageMeter } from './usage-meter';
import { PartialTranslation, TranslationError, type TranslateOptions, type Translator } from './translator';

/** One of a church's engines and the place it holds. */
export interface SlotEngine {
  slot: EngineSlot;
  translator: Translator;
}

/** Text per language and which engine produced each (every caption says so, decision 033). */
export interface TracedTranslation {
  byLanguage: Record<string, string>;
  engineOf: Record<string, TranslatorKind>;
}

/**
 * After the first engine failed a final line for good (its retries spent), lines go to the second
 * engine first for this long: the sermon does not wait out the first engine's retries on every
 * line while it is down. Then the first engine is tried first again.
 */
export const PRIMARY_REST_MS = 30_000;

/** A language list an engine could not give is asked for again after this long. */
const LANGUAGES_RETRY_MS = 5 * 60_000;

/** Failures that say the engine is down (rather than this line or language being refused). */
const OUTAGE = new Set(['server', 'unreachable', 'timeout', 'rate_limited', 'quota', 'auth']);

/**
 * What a church translates with (decision 033): its first engine, and its second when the first
 * fails after its retries, answers invalidly (a model), or lacks a language. Every engine call
 * passes through `call()`, which records what it cost and how it went (usage-meter.ts): the one
 * place to measure engines. A partial line is tried on one engine only, once (TranslateOptions).
 */
export class ChurchTranslator {
  readonly kind: TranslatorKind;
  private primaryRestsUntil = 0;
  /** When each engine was last asked for its languages (index as `engines`). */
  private readonly languagesAskedAt: number[] = [];

  constructor(
    readonly engines: SlotEngine[],
    private readonly church: { id: string; timeZone: string },
    private readonly meter: Pick<UsageMeter, 'record'> | null,
    private readonly now: () => number = Date.now,
    /** How long the first engine rests after an outage (0: never; the benchmark compares). */
    private readonly restMs = PRIMARY_REST_MS,
  ) {
    this.kind = engines[0]?.translator.kind ?? 'demo';
  }

  /** The second engine's kind, if the church has one. */
  get failoverKind(): TranslatorKind | null {
    return this.engines[1]?.translator.kind ?? null;
  }

  private order(): SlotEngine[] {
    if (this.engines.length > 1 && this.now() < this.primaryRestsUntil) return [this.engines[1]!, this.engines[0]!];
    return this.engines;
  }

  /**
   * Every target the engines could translate, and which engine did. Languages no engine could do
   * are left out (the caller marks them untranslated); throws the last error only when nothing at
   * all came back.
   */
  async translateTraced(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<TracedTranslation> {
    this.learnLanguages();
    const byLanguage: Record<string, string> = {};
    const engineOf: Record<string, TranslatorKind> = {};
    let remaining = [...new Set(to.filter((code) => code !== from))];
    let lastError: TranslationError | undefined;
    let tried = false;
    for (const entry of this.order()) {
      if (remaining.length === 0) break;
      // A partial line is worth nothing once the next one exists: no second engine, no waiting.
      if (options.purpose === 'partial' && tried) break;
      const codes = remaining.filter((code) => entry.translator.supports?.(code) ?? true);
      if (codes.length === 0) continue;
      tried = true;
      let out: Record<string, string>;
      try {
        out = await this.call(entry, text, from, codes, options);
      } catch (err) {
        lastError = err instanceof TranslationError ? err : new TranslationError(String(err));
        out = err instanceof PartialTranslation ? err.done : {};
      }
      for (const code of codes) {
        if (out[code] === undefined) continue;
        byLanguage[code] = out[code];
        engineOf[code] = entry.translator.kind;
      }
      remaining = remaining.filter((code) => byLanguage[code] === undefined);
    }
    if (Object.keys(byLanguage).length === 0 && remaining.length > 0 && lastError) throw lastError;
    return { byLanguage, engineOf };
  }

  /**
   * Asks each engine that can say which languages it has, in the background: until it answers a
   * language is assumed available (a refusal then sends it to the other engine), afterwards a
   * language the engine lacks goes straight to the other one, costing no failed request a line.
   */
  private learnLanguages(): void {
    this.engines.forEach((entry, i) => {
      const load = entry.translator.loadLanguages?.bind(entry.translator);
      const asked = this.languagesAskedAt[i];
      if (!load || (asked !== undefined && (asked === Infinity || this.now() - asked < LANGUAGES_RETRY_MS))) return;
      this.languagesAskedAt[i] = this.now();
      load().then(() => { this.languagesAskedAt[i] = Infinity; }, () => undefined);
    });
  }

  /** One engine's attempt, measured; a church-made language an engine refuses does not spoil the others. */
  private async call(entry: SlotEngine, text: string, from: string, codes: string[], options: TranslateOptions): Promise<Record<string, string>> {
    try {
      return await this.measured(entry, text, from, codes, options);
    } catch (err) {
      // A language the church added that the engine does not know (Azure 400036) fails the whole
      // request: try once more with the languages the product knows.
      const known = codes.filter((code) => findListeningLanguage(code));
      if (err instanceof TranslationError && err.status === 400 && known.length > 0 && known.length < codes.length) {
        return this.measured(entry, text, from, known, options);
      }
      throw err;
    }
  }

  private async measured(entry: SlotEngine, text: string, from: string, codes: string[], options: TranslateOptions): Promise<Record<string, string>> {
    const { translator, slot } = entry;
    const started = this.now();
    let units = 0;
    const purpose = options.purpose ?? 'final';
    const record = (ok: boolean, error?: string) => {
      if (translator.kind === 'demo' || !this.meter) return;
      this.meter.record({
        churchId: this.church.id, timeZone: this.church.timeZone, slot, engine: translator.kind, purpose,
        units, ok, latencyMs: this.now() - started, error,
      });
    };
    try {
      const out = await translator.translate(text, from, codes, { ...options, onUsage: (n) => { units += n; } });
      record(true);
      return out;
    } catch (err) {
      record(false, err instanceof Error ? err.message : String(err));
      const outage = err instanceof TranslationError && OUTAGE.has(err.kind);
      if (purpose === 'final' && outage && slot === 'primary' && this.engines.length > 1) this.primaryRestsUntil = this.now() + this.restMs;
      throw err;
    }
  }
}
