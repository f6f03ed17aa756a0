import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PreparedText, PreparedTextSummary, preparedTextListQuery, updatePreparedTextBody } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { churchLanguages, preparedParagraphs, preparedTexts } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { humanOrder, listPage, searchMatches, type ListSource } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import type { Db } from '../../db/client';
import { loadJoinLanguages } from '../../live/rooms/join-languages';
import { translateForLanguages } from '../../live/captions/translate';
import { scheduledOfChurch } from '../schedule/service';

type TextRow = typeof preparedTexts.$inferSelect;
type ParagraphRow = typeof preparedParagraphs.$inferSelect;

/** Paragraphs translated at once: enough to be quick, few enough not to trip the translator's rate limit. */
const TRANSLATE_AT_ONCE = 4;

export async function assertPreparedChurch(ctx: AppContext, actor: Actor, churchId: string): Promise<void> {
  if (!canReachChurch(actor, 'prepared-texts:manage', churchId)) throw notFound('Church');
}

/** The church's first go-live language: what a prepared text is written in unless it says otherwise. */
async function defaultSourceLanguage(ctx: AppContext, churchId: string): Promise<string> {
  const [first] = await ctx.db.select({ code: churchLanguages.code }).from(churchLanguages)
    .where(and(eq(churchLanguages.churchId, churchId), eq(churchLanguages.list, 'go_live'))).orderBy(asc(churchLanguages.createdAt)).limit(1);
  return first?.code ?? 'en';
}

/**
 * Each paragraph into the church's join languages, glossary applied, one translator request per
 * paragraph. A language that fails is left out: during the sermon it is translated live instead.
 */
async function translateAhead(ctx: AppContext, churchId: string, source: string, texts: string[]) {
  const targets = (await loadJoinLanguages(ctx.db, churchId, source)).map((l) => l.code).filter((c) => c !== source);
  const out: Array<{ translations: Record<string, string>; provider: string }> = new Array(texts.length);
  for (let i = 0; i < texts.length; i += TRANSLATE_AT_ONCE) {
    await Promise.all(texts.slice(i, i + TRANSLATE_AT_ONCE).map(async (text, j) => {
      const { byLanguage } = await translateForLanguages(ctx, ctx.log, churchId, text, source, targets);
      const translations: Record<string, string> = {};
      let provider = 'demo';
      for (const [code, t] of byLanguage) {
        if (t.provider === 'untranslated') continue;
        translations[code] = t.text;
        provider = t.provider;
      }
      out[i + j] = { translations, provider };
    }));
  }
  return out;
}

const toParagraph = (p: ParagraphRow) => ({ id: p.id, position: p.position, text: p.text, translations: p.translations });

function toSummary(t: TextRow, paragraphCount: number): PreparedTextSummary {
  return {
    id: t.id, churchId: t.churchId, scheduledSermonId: t.scheduledSermonId, title: t.title, sourceLanguage: t.sourceLanguage,
    paragraphCount, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  };
}

export async function getPreparedText(ctx: AppContext, churchId: string, textId: string): Promise<PreparedText> {
  const [text] = await ctx.db.select().from(preparedTexts).where(and(eq(preparedTexts.id, textId), eq(preparedTexts.churchId, churchId))).limit(1);
  if (!text) throw notFound('Prepared text');
  const paragraphs = await ctx.db.select().from(preparedParagraphs).where(eq(preparedParagraphs.textId, textId)).orderBy(asc(preparedParagraphs.position));
  return { ...toSummary(text, paragraphs.length), paragraphs: paragraphs.map(toParagraph) };
}

export async function createPreparedText(
  ctx: AppContext, actor: Actor, churchId: string,
  input: { title: string; paragraphs: string[]; sourceLanguage?: string; scheduledSermonId?: string | null },
): Promise<PreparedText> {
  if (input.scheduledSermonId) await scheduledOfChurch(ctx, churchId, input.scheduledSermonId);
  const source = input.sourceLanguage || (await defaultSourceLanguage(ctx, churchId));
  const translated = await translateAhead(ctx, churchId, source, input.paragraphs);
  const id = await ctx.db.transaction(async (tx) => {
    const [text] = await tx.insert(preparedTexts).values({ churchId, title: input.title, sourceLanguage: source, scheduledSermonId: input.scheduledSermonId ?? null }).returning();
    await tx.insert(preparedParagraphs).values(input.paragraphs.map((p, i) => ({ textId: text!.id, position: i + 1, text: p, ...translated[i]! })));
    await writeAudit(tx, actor, { action: 'prepared-text.created', targetType: 'prepared_text', targetId: text!.id, churchId, details: { paragraphs: input.paragraphs.length } });
    return text!.id;
  });
  return getPreparedText(ctx, churchId, id);
}

/** The new order and wording; only new or changed paragraphs are translated again. */
export async function updatePreparedText(ctx: AppContext, actor: Actor, churchId: string, textId: string, patch: z.output<typeof updatePreparedTextBody>): Promise<PreparedText> {
  const current = await getPreparedText(ctx, churchId, textId);
  if (patch.scheduledSermonId) await scheduledOfChurch(ctx, churchId, patch.scheduledSermonId);
  const byId = new Map(current.paragraphs.map((p) => [p.id, p]));
  const wanted = patch.paragraphs ?? current.paragraphs;
  const changed = wanted.filter((p) => !p.id || byId.get(p.id)?.text !== p.text);
  const translated = await translateAhead(ctx, churchId, current.sourceLanguage, changed.map((p) => p.text));
  const fresh = new Map(changed.map((p, i) => [p, translated[i]!]));
  await ctx.db.transaction(async (tx) => {
    const keep = wanted.map((p) => p.id).filter((id): id is string => !!id && byId.has(id));
    const gone = current.paragraphs.filter((p) => !keep.includes(p.id)).map((p) => p.id);
    if (gone.length) await tx.delete(preparedParagraphs).where(inArray(preparedParagraphs.id, gone));
    for (const [i, p] of wanted.entries()) {
      const t = fresh.get(p);
      if (p.id && byId.has(p.id)) {
        await tx.update(preparedParagraphs).set({ position: i + 1, text: p.text, ...(t ?? {}) }).where(eq(preparedParagraphs.id, p.id));
      } else {
        await tx.insert(preparedParagraphs).values({ textId, position: i + 1, text: p.text, ...t! });
      }
    }
    await tx.update(preparedTexts).set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.scheduledSermonId !== undefined ? { scheduledSermonId: patch.scheduledSermonId } : {}),
      updatedAt: new Date(),
    }).where(eq(preparedTexts.id, textId));
    await writeAudit(tx, actor, { action: 'prepared-text.updated', targetType: 'prepared_text', targetId: textId, churchId, details: { retranslated: changed.length } });
  });
  return getPreparedText(ctx, churchId, textId);
}

export async function deletePreparedText(ctx: AppContext, actor: Actor, churchId: string, textId: string): Promise<void> {
  await getPreparedText(ctx, churchId, textId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(preparedTexts).where(eq(preparedTexts.id, textId));
    await writeAudit(tx, actor, { action: 'prepared-text.deleted', targetType: 'prepared_text', targetId: textId, churchId });
  });
}

// Written out: inside a subquery drizzle would name the outer column without its table.
const paragraphCount = sql<number>`(select count(*)::int from prepared_paragraphs p where p.text_id = "prepared_texts"."id")`;
const selectTexts = (db: Db) => db.select({ row: preparedTexts, paragraphs: paragraphCount }).from(preparedTexts).$dynamic();

const preparedSource = (db: Db): ListSource<ReturnType<typeof selectTexts>, PreparedTextSummary> => ({
  rows: () => selectTexts(db),
  count: () => db.select({ n: count() }).from(preparedTexts).$dynamic(),
  sortable: { title: humanOrder(preparedTexts.title), createdAt: preparedTexts.createdAt, updatedAt: preparedTexts.updatedAt },
  defaultSort: '-updatedAt',
  tiebreak: preparedTexts.id,
  toItem: (r) => toSummary(r.row, Number(r.paragraphs)),
});

/** GET …/prepared-texts: newest first, searchable by title. */
export function listPreparedTexts(ctx: AppContext, churchId: string, q: z.output<typeof preparedTextListQuery>) {
  const conds: Array<SQL | undefined> = [
    eq(preparedTexts.churchId, churchId),
    q.scheduledSermonId ? eq(preparedTexts.scheduledSermonId, q.scheduledSermonId) : undefined,
    searchMatches(sql`f_unaccent(lower(${preparedTexts.title}))`, q.q),
  ];
  return listPage(preparedSource(ctx.db), q, and(...conds.filter((c): c is SQL => c !== undefined)));
}

/** A paragraph of the church's prepared text, for the live pipeline (decision 026); null if not the church's. */
export async function preparedParagraphFor(db: Db, churchId: string, paragraphId: string) {
  const [row] = await db.select({ text: preparedParagraphs.text, translations: preparedParagraphs.translations, provider: preparedParagraphs.provider })
    .from(preparedParagraphs).innerJoin(preparedTexts, eq(preparedTexts.id, preparedParagraphs.textId))
    .where(and(eq(preparedParagraphs.id, paragraphId), eq(preparedTexts.churchId, churchId))).limit(1);
  return row ?? null;
}
