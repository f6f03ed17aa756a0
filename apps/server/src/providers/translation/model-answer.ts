import { findKnownLanguage } from '@app/shared';
import type { GlossaryHint } from './translator';

/**
 * What a language model is asked and how its answer is checked (decision 033). Models follow
 * instructions most of the time, not always: every answer is validated, and an invalid one counts
 * as a failure of the engine (the church's other engine then translates the line).
 */

const nameOf = (code: string) => findKnownLanguage(code)?.englishName ?? code;

/** The instructions: the target codes, the glossary terms of this line, the sermon's previous lines. */
export function systemPrompt(from: string, targets: string[], html: boolean, glossary: GlossaryHint[], context: string[]): string {
  const lines = [
    `You translate a live church sermon, one line at a time, from ${nameOf(from)} (${from}) for the congregation.`,
    `Translate only the line the user sends into each of these languages: ${targets.map((c) => `${c} (${nameOf(c)})`).join(', ')}.`,
    'Answer with one JSON object whose keys are exactly those language codes and whose values are the translation alone: no notes, no explanations, no quotation marks around it, and never the original text instead of a translation.',
    'Keep the tone of a sermon. Keep names, numbers and Bible references accurate.',
  ];
  if (html) {
    lines.push('The line contains elements like <span class="notranslate" id="g0">…</span>: copy each one into every translation exactly as it is (tag, id and content), placed where it belongs in the translated sentence.');
  }
  if (glossary.length > 0) {
    lines.push("The church's glossary for this line (its spans stand for these terms):");
    for (const g of glossary) {
      const fixed = Object.entries(g.translations).filter(([code]) => targets.includes(code));
      lines.push(g.kind === 'keep' || fixed.length === 0
        ? `- ${g.id}: "${g.term}" is never translated.`
        : `- ${g.id}: "${g.term}" is translated as ${fixed.map(([code, t]) => `"${t}" (${code})`).join(', ')}.`);
    }
  }
  if (context.length > 0) {
    lines.push('The sermon so far, for context only (do not translate it again):');
    for (const line of context) lines.push(`> ${line}`);
  }
  return lines.join('\n');
}

/** The JSON schema of the answer: one string per target language, nothing else. */
export function answerSchema(targets: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(targets.map((c) => [c, { type: 'string' }])),
    required: targets,
    additionalProperties: false,
  };
}

const SPAN_ID = /<span\b[^>]*\bid="(g\d+)"[^>]*>/g;
const TAGS = /<[^>]+>/g;
/** Letters and digits only, lower case: what "the same words" means for the echo check. */
const words = (s: string) => s.replace(TAGS, ' ').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
/** Openings a model uses when it talks instead of translating. */
const CHATTER = /^(here is|here's|sure[,!. ]|certainly|translation\s*:|translated\s*(text)?\s*:|note\s*:|as an ai)/i;

/**
 * The translations by language from a model's message content, or why it is not acceptable:
 * every language present, no commentary, not the source sent back, every placeholder kept.
 */
export function readModelAnswer(content: string, source: string, from: string, targets: string[], html: boolean):
  { ok: true; byLanguage: Record<string, string> } | { ok: false; why: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.trim());
  } catch {
    return { ok: false, why: 'text that is not a JSON object' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, why: 'something other than a JSON object' };
  const answer = parsed as Record<string, unknown>;
  const extra = Object.keys(answer).filter((k) => !targets.includes(k));
  if (extra.length > 0) return { ok: false, why: `commentary (${extra.join(', ')})` };

  const spanIds = [...source.matchAll(SPAN_ID)].map((m) => m[1]!).sort();
  const sourceWords = words(source);
  const byLanguage: Record<string, string> = {};
  for (const code of targets) {
    const value = answer[code];
    if (typeof value !== 'string' || value.trim() === '') return { ok: false, why: `no ${code} translation` };
    const text = value.trim();
    if (CHATTER.test(text) || (text.includes('\n') && !source.includes('\n')) || text.length > source.length * 3 + 40) {
      return { ok: false, why: `commentary in the ${code} translation` };
    }
    // A line of two or more words given back unchanged is the source echoed, not a translation
    // (a lone name or "Amen" may rightly stay the same).
    if (code.split('-')[0] !== from.split('-')[0] && sourceWords.split(' ').length >= 2 && words(text) === sourceWords) {
      return { ok: false, why: `the source line instead of a ${code} translation` };
    }
    if (html) {
      const kept = [...text.matchAll(SPAN_ID)].map((m) => m[1]!).sort();
      if (kept.join() !== spanIds.join()) return { ok: false, why: `glossary terms missing from the ${code} translation` };
    }
    byLanguage[code] = text;
  }
  return { ok: true, byLanguage };
}
