import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messageTranslations } from '../../db/schema';
import { providersForChurch } from '../../providers/church-providers';
import { churchGlossary } from '../glossary/church-glossary';
import { translateWithGlossary } from '../../providers/translation/glossary-protect';

/** Interface language → the translator's code (our codes are Azure's; Chinese is Simplified). */
const translatorCode = (lang: string) => (lang === 'zh' ? 'zh-Hans' : lang);

/**
 * THE one way a message is translated (decision record 022): the church's own translator (Azure
 * when configured, the labelled demo translator otherwise), with the church glossary applied as in
 * the live pipeline (decision 025): names kept, fixed terms in the church's words.
 */
export async function translateMessage(ctx: AppContext, churchId: string, text: string, from: string, to: string): Promise<string> {
  const { translator } = await providersForChurch(ctx, churchId);
  const source = translatorCode(from);
  const { matcher } = await churchGlossary(ctx, churchId, source).catch((err: unknown) => {
    ctx.log.warn({ err, churchId }, 'glossary unavailable; message translated without it');
    return { matcher: null };
  });
  const out = (await translateWithGlossary(translator, text, source, [translatorCode(to)], matcher)).byLanguage;
  const translated = out[translatorCode(to)];
  if (translated === undefined) throw new Error(`translator answered no ${to} text`);
  return translated;
}

export interface Translatable {
  id: string;
  text: string | null;
  language: string;
}

// A page of 50 untranslated messages must not open 50 requests at once to the church's translator.
const PARALLEL = 4;

/**
 * Each message's text in `lang`, translated once per (message, language) and stored: a second
 * reader, or a second view, reads the stored text (never translated per reader or per view).
 * A message already in `lang`, or without text, has none; a translator failure leaves that
 * message untranslated this time (shown as written) and is retried on the next view.
 */
export async function translationsFor(ctx: AppContext, churchId: string, items: Translatable[], lang: string | undefined): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const wanted = lang ? items.filter((m) => m.text && m.language !== lang) : [];
  if (!lang || wanted.length === 0) return result;
  const stored = await ctx.db.select().from(messageTranslations)
    .where(and(eq(messageTranslations.language, lang), inArray(messageTranslations.messageId, wanted.map((m) => m.id))));
  for (const row of stored) result.set(row.messageId, row.text);
  const missing = wanted.filter((m) => !result.has(m.id));
  for (let i = 0; i < missing.length; i += PARALLEL) {
    await Promise.all(missing.slice(i, i + PARALLEL).map(async (m) => {
      try {
        const text = await translateMessage(ctx, churchId, m.text!, m.language, lang);
        // Two readers at once: the first stored text wins and both show it.
        const [saved] = await ctx.db.insert(messageTranslations).values({ messageId: m.id, language: lang, text })
          .onConflictDoNothing().returning({ text: messageTranslations.text });
        result.set(m.id, saved?.text ?? text);
      } catch (err) {
        ctx.log.warn({ err, messageId: m.id, lang }, 'message translation failed; shown as written');
      }
    }));
  }
  return result;
}

/** An edit or removal makes every stored translation of the message stale. */
export async function forgetTranslations(ctx: AppContext, messageId: string): Promise<void> {
  await ctx.db.delete(messageTranslations).where(eq(messageTranslations.messageId, messageId));
}
