import type { AppMetrics } from '../../lib/app-metrics';
import type { TranslateOptions, Translator } from './translator';

/**
 * A translator whose every request is counted at /metrics (decision 035): requests, characters
 * (once per target language, as engines bill), failures and time, labelled by the engine's `kind`
 * and the request's purpose ('final' unless the caller says 'partial'). Wrapping each engine where
 * it is made means every caller (live captions, prepared text, messages) is counted, once.
 */
export function measuredTranslator(inner: Translator, metrics: AppMetrics): Translator {
  // The engine's series exist from the start at 0, so an alert on its error rate has something to watch.
  for (const purpose of ['final', 'partial'] as const) {
    for (const counter of [metrics.translationRequests, metrics.translationCharacters, metrics.translationErrors]) counter.inc({ engine: inner.kind, purpose }, 0);
  }
  return {
    kind: inner.kind,
    // What an engine knows of its languages passes through (decision 033: a language it lacks goes to the other engine).
    ...(inner.supports ? { supports: (code: string) => inner.supports!(code) } : {}),
    ...(inner.loadLanguages ? { loadLanguages: () => inner.loadLanguages!() } : {}),
    async translate(text: string, from: string, to: string[], options?: TranslateOptions): Promise<Record<string, string>> {
      const labels = { engine: inner.kind, purpose: options?.purpose ?? 'final' };
      const started = performance.now();
      metrics.translationRequests.inc(labels);
      metrics.translationCharacters.inc(labels, text.length * to.length);
      try {
        return await inner.translate(text, from, to, options);
      } catch (err) {
        metrics.translationErrors.inc(labels);
        throw err;
      } finally {
        metrics.translationDuration.observe(labels, (performance.now() - started) / 1000);
      }
    },
  };
}
