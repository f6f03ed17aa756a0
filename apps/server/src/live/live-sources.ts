import type { AppContext } from '../context';

/**
 * What the live side reads from the modules around it, given to it rather than imported. The
 * modules import the live side (to say that public answers changed, to translate with the
 * glossary); the live side importing them back made a circle (live-service → speaker-flow →
 * prepared texts → schedule → live-service). Each module provides its part when its routes are
 * registered, so the arrows run one way: from the modules to the live side.
 */
export interface PreparedParagraph {
  text: string;
  translations: Record<string, string>;
  /** The engine that translated it (a translator kind). */
  provider: string;
}

export interface LiveSources {
  /** A paragraph the church prepared, with its stored translations, or null (decision 026). */
  preparedParagraph(churchId: string, paragraphId: string): Promise<PreparedParagraph | null>;
  /** The languages of the church's livestream caption feeds: translated from the first line (decision 037). */
  feedLanguages(churchId: string): Promise<string[]>;
}

const provided = new WeakMap<AppContext, Partial<LiveSources>>();

export function provideLiveSources(ctx: AppContext, sources: Partial<LiveSources>): void {
  provided.set(ctx, { ...provided.get(ctx), ...sources });
}

export function liveSource<K extends keyof LiveSources>(ctx: AppContext, name: K): LiveSources[K] {
  const source = provided.get(ctx)?.[name];
  if (!source) throw new Error(`The live side needs "${name}", which no module provided (modules/index.ts registers them)`);
  return source;
}
