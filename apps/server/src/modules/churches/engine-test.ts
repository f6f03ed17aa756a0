import type { EngineTestResult } from '@app/shared';
import type { AppContext } from '../../context';
import { loadJoinLanguages } from '../../live/rooms/join-languages';
import { buildTranslator, type EngineSpec } from '../../providers/translation/engine-store';
import { TranslationError } from '../../providers/translation/translator';

/** The line Test connection translates: short, plain, and unmistakably a church's. */
export const SAMPLE_LINE = 'Grace and peace to you from God our Father.';
/** A test waits a little longer than a live line may (a self-hosted server may be waking up). */
const TEST_BUDGET_MS = 8000;

/**
 * Test connection (decision 033): the engine translates the sample line into the church's first
 * listening language, and says which of the church's listening languages it lacks. Nothing is
 * saved; the result says in the engine's own words what went wrong.
 */
export async function testEngine(ctx: AppContext, churchId: string, spec: EngineSpec): Promise<EngineTestResult> {
  const languages = (await loadJoinLanguages(ctx.db, churchId, 'en')).map((l) => l.code).filter((c) => c !== 'en');
  const to = languages[0] ?? 'pt';
  const translator = buildTranslator(ctx, spec, { retryBudgetMs: TEST_BUDGET_MS });
  const sample = { from: 'en', to, text: SAMPLE_LINE, translation: null as string | null };
  const started = performance.now();
  try {
    const out = await translator.translate(SAMPLE_LINE, 'en', [to]);
    const latencyMs = Math.round(performance.now() - started);
    sample.translation = out[to] ?? null;
    let missingLanguages: string[] = [];
    if (translator.loadLanguages) {
      // The language list is a second question; a server that cannot answer it still translates.
      await translator.loadLanguages().catch(() => undefined);
      missingLanguages = languages.filter((code) => !(translator.supports?.(code) ?? true));
    }
    return { ok: true, kind: spec.kind, latencyMs, sample, error: null, missingLanguages };
  } catch (err) {
    const latencyMs = Math.round(performance.now() - started);
    const e = err instanceof TranslationError ? err : new TranslationError(err instanceof Error ? err.message : String(err));
    return {
      ok: false, kind: spec.kind, latencyMs, sample,
      error: { kind: e.kind, status: e.status ?? null, message: e.message },
      missingLanguages: [],
    };
  }
}
