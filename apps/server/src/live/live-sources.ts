import type { AppContext } from '../context';
import type { GlossaryMatcher } from '../lib/glossary-matcher';

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

/** A church's glossary for one spoken language, compiled (decision 025). */
export interface LiveGlossary {
  /** Part of every cache key of a translation: an edit makes older entries unreachable. */
  version: string;
  /** null: nothing to match. */
  matcher: GlossaryMatcher | null;
}

/** What a lobby's socket needs of the church its join code names (decision 020). */
export interface LobbyChurch {
  id: string;
  guestsAllowed: boolean;
}

export interface LiveSources {
  /** A paragraph the church prepared, with its stored translations, or null (decision 026). */
  preparedParagraph(churchId: string, paragraphId: string): Promise<PreparedParagraph | null>;
  /** The languages of the church's livestream caption feeds: translated from the first line (decision 037). */
  feedLanguages(churchId: string): Promise<string[]>;
  /** The church whose join code this is (any case), as its lobby shows it, or null (decisions 020, 034). */
  lobbyChurch(code: string): Promise<LobbyChurch | null>;
  /** The church's glossary for a spoken language (decision 025). */
  glossary(churchId: string, language: string): Promise<LiveGlossary>;
  /** A recognised line with the church's "heard as" variants replaced by their terms (decision 025). */
  correctHeardLine(churchId: string, language: string, text: string): Promise<string>;
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
