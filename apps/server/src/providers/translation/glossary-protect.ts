import type { TranslatorKind } from '@app/shared';
import type { ChurchTranslator, TracedTranslation } from './church-translator';
import type { GlossaryHint, TranslateOptions, Translator } from './translator';
import { correctLine, type GlossaryMatcher, type GlossaryTerm } from '../../lib/glossary-matcher';

/**
 * The glossary at translation (decision 025, "Glossaries on Azure" in SPEECH-AND-TRANSLATION.md):
 * each matched term goes to the translator as a placeholder in a `notranslate` span, the line is
 * translated ONCE for every language, and each language then gets the term back as specified:
 * the term itself (`keep`) or that language's translation (`fixed`). Azure's dynamic dictionary
 * cannot do this: it carries one translation for every target of a request and needs English.
 */
export interface ProtectedLine {
  /** The line as listeners of the spoken language read it (misheard variants corrected). */
  corrected: string;
  /** What to send to the translator. */
  text: string;
  /** 'html' when terms are protected (escape and strip markup), else 'plain'. */
  textType: 'plain' | 'html';
  /** The translated line for one language with every term put back and the markup removed. */
  restore(language: string, translated: string): string;
  /** The matched terms by placeholder id: a model engine is told how to treat each (decision 033). */
  glossary: GlossaryHint[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => ESCAPES[c]!);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };
const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);

// The span as sent: its id says which term it stands for, whatever order the translation puts it in.
const PLACEHOLDER = /<span\b[^>]*\bid="g(\d+)"[^>]*>[\s\S]*?<\/span>/g;
const ANY_TAG = /<\/?[a-z][^>]*>/gi;

/** A term as one language reads it: the term itself (`keep`), else its translation there. */
export function termIn(term: GlossaryTerm, language: string): string {
  if (term.kind === 'keep') return term.term;
  return term.translations[language] ?? term.term;
}

/** Matches the line once; the same result serves every target language. */
export function protect(text: string, matcher: GlossaryMatcher | null): ProtectedLine {
  if (!matcher) return { corrected: text, text, textType: 'plain', restore: (_lang, translated) => translated, glossary: [] };
  const { text: corrected, matches } = correctLine(text, matcher);
  if (matches.length === 0) return { corrected, text: corrected, textType: 'plain', restore: (_lang, translated) => translated, glossary: [] };

  let html = '';
  let from = 0;
  matches.forEach((m, i) => {
    html += escapeHtml(corrected.slice(from, m.start));
    html += `<span class="notranslate" id="g${i}">${escapeHtml(corrected.slice(m.start, m.end))}</span>`;
    from = m.end;
  });
  html += escapeHtml(corrected.slice(from));

  return {
    corrected,
    text: html,
    textType: 'html',
    glossary: matches.map((m, i) => ({ id: `g${i}`, term: corrected.slice(m.start, m.end), kind: m.term.kind, translations: m.term.translations })),
    restore(language, translated) {
      const put = translated.replace(PLACEHOLDER, (_span, n: string) => {
        const m = matches[Number(n)];
        return m ? escapeHtml(termIn(m.term, language)) : '';
      });
      return unescapeHtml(put.replace(ANY_TAG, ''));
    },
  };
}

/** Options of one glossary-aware translation: its purpose and, for a model, the sermon's previous lines. */
export type GlossaryTranslateOptions = Pick<TranslateOptions, 'purpose' | 'context'>;

/**
 * One translation for every language with the glossary applied: what the live pipeline, prepared
 * text and anything else translated for a church (chat messages) use. Every translation of a
 * church's text passes through here (the one place to measure it from the outside); `engineOf`
 * says which engine produced each language (decision 033).
 */
export async function translateWithGlossary(
  translator: ChurchTranslator | Translator,
  text: string,
  from: string,
  to: string[],
  matcher: GlossaryMatcher | null,
  options: GlossaryTranslateOptions = {},
): Promise<{ corrected: string; byLanguage: Record<string, string>; engineOf: Record<string, TranslatorKind>; characters: number }> {
  const line = protect(text, matcher);
  const engineOptions: TranslateOptions = { ...options, textType: line.textType, glossary: line.glossary };
  const out: TracedTranslation = 'translateTraced' in translator
    ? await translator.translateTraced(line.text, from, to, engineOptions)
    : await traced(translator, line.text, from, to, engineOptions);
  const byLanguage: Record<string, string> = {};
  for (const [code, translated] of Object.entries(out.byLanguage)) byLanguage[code] = line.restore(code, translated);
  // What the first engine bills: every character sent, once per target language (decision 030's budget).
  return { corrected: line.corrected, byLanguage, engineOf: out.engineOf, characters: line.text.length * to.filter((code) => code !== from).length };
}

async function traced(translator: Translator, text: string, from: string, to: string[], options: TranslateOptions): Promise<TracedTranslation> {
  const byLanguage = await translator.translate(text, from, to, options);
  return { byLanguage, engineOf: Object.fromEntries(Object.keys(byLanguage).map((code) => [code, translator.kind])) };
}
