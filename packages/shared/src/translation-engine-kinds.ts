/**
 * The translation engines a church can choose (decision 033), what a caption says produced it, and
 * the two places an engine can hold in a church's settings. Kept apart from the settings contracts
 * (translation-engines.ts) so the live contracts can name them without importing those.
 */
export const translationEngineKinds = ['azure', 'deepl', 'google', 'libretranslate', 'openai'] as const;
export type TranslationEngineKind = (typeof translationEngineKinds)[number];

/** What translates a church's lines: one of its engines, or the labelled demo (decision 004). */
export const translatorKinds = [...translationEngineKinds, 'demo'] as const;
export type TranslatorKind = (typeof translatorKinds)[number];

/**
 * A caption's `provider`: the spoken words ('source'), the engine that translated it, the demo, or
 * 'untranslated' (every engine failed: the original text, so nothing is lost).
 */
export const captionProviders = ['source', ...translatorKinds, 'untranslated'] as const;
export type CaptionProviderKind = (typeof captionProviders)[number];

/** The church's first engine, and the second one used when the first fails (decision 033). */
export const engineSlots = ['primary', 'failover'] as const;
export type EngineSlot = (typeof engineSlots)[number];

/** The model engine is billed in tokens; every other engine in characters. */
export function usageUnitOf(kind: TranslatorKind): 'tokens' | 'characters' {
  return kind === 'openai' ? 'tokens' : 'characters';
}
