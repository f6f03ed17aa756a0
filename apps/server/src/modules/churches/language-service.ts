import { and, asc, eq } from 'drizzle-orm';
import {
  CHURCH_LANGUAGES_MAX,
  englishValidationMessage,
  msg,
  findKnownLanguage,
  isRtlLanguage,
  voiceLocale,
  type AddChurchLanguageBody,
  type ChurchLanguage,
  type ChurchLanguageLists,
  type LanguageListKind,
  type UpdateChurchLanguageBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { churches, churchLanguages } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { auditChurchChange } from './audit';
import { noChanges } from './settings-service';
import { publicAnswersChanged } from '../../live/live-service';

type LanguageRow = typeof churchLanguages.$inferSelect;

const listNames: Record<LanguageListKind, string> = { go_live: 'go-live', join_live: 'join-live' };

export function toChurchLanguage(row: LanguageRow): ChurchLanguage {
  const known = findKnownLanguage(row.code);
  const voice = row.femaleVoiceId ?? row.maleVoiceId;
  return {
    id: row.id,
    list: row.list,
    code: row.code,
    name: row.name,
    locale: known?.locale ?? (voice ? voiceLocale(voice) : null),
    rtl: isRtlLanguage(row.code),
    isKnown: known !== undefined,
    maleVoiceId: row.maleVoiceId,
    femaleVoiceId: row.femaleVoiceId,
  };
}

async function assertChurch(ctx: AppContext, actor: Actor, churchId: string, permission: 'church:read' | 'church:edit') {
  if (!canReachChurch(actor, permission, churchId)) throw notFound('Church');
  const [row] = await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!row) throw notFound('Church');
}

async function loadLanguage(ctx: AppContext, churchId: string, languageId: string): Promise<LanguageRow> {
  const [row] = await ctx.db
    .select()
    .from(churchLanguages)
    .where(and(eq(churchLanguages.id, languageId), eq(churchLanguages.churchId, churchId)))
    .limit(1);
  if (!row) throw notFound('Language');
  return row;
}

const duplicate = (list: LanguageListKind) =>
  new AppError('conflict', 409, `This language is already in the ${listNames[list]} list`);

/** GET /churches/:id/languages: both lists, in the order they were added. */
export async function listChurchLanguages(ctx: AppContext, actor: Actor, churchId: string): Promise<ChurchLanguageLists> {
  await assertChurch(ctx, actor, churchId, 'church:read');
  const rows = await ctx.db
    .select()
    .from(churchLanguages)
    .where(eq(churchLanguages.churchId, churchId))
    .orderBy(asc(churchLanguages.createdAt), asc(churchLanguages.name));
  return {
    goLive: rows.filter((r) => r.list === 'go_live').map(toChurchLanguage),
    joinLive: rows.filter((r) => r.list === 'join_live').map(toChurchLanguage),
  };
}

/**
 * POST /churches/:id/languages. A known language takes its own name and voices for anything left
 * empty; a new one brings a name and at least one voice ID (checked by the contract).
 */
export async function addChurchLanguage(ctx: AppContext, actor: Actor, churchId: string, body: AddChurchLanguageBody): Promise<ChurchLanguage> {
  await assertChurch(ctx, actor, churchId, 'church:edit');
  const known = findKnownLanguage(body.code);
  const code = known?.code ?? body.code.trim();
  const values = {
    churchId,
    list: body.list,
    code,
    name: body.name || known?.englishName || code,
    maleVoiceId: body.maleVoiceId || known?.maleVoice || null,
    femaleVoiceId: body.femaleVoiceId || known?.femaleVoice || null,
  };

  const inList = and(eq(churchLanguages.churchId, churchId), eq(churchLanguages.list, body.list));
  const existing = await ctx.db.select({ code: churchLanguages.code }).from(churchLanguages).where(inList);
  if (existing.some((r) => r.code.toLowerCase() === code.toLowerCase())) throw duplicate(body.list);
  if (existing.length >= CHURCH_LANGUAGES_MAX) {
    throw new AppError('conflict', 409, `A list holds at most ${CHURCH_LANGUAGES_MAX} languages`);
  }

  let row: LanguageRow | undefined;
  try {
    [row] = await ctx.db.insert(churchLanguages).values(values).returning();
  } catch (err) {
    // Two admins adding the same language at once: the unique index decides.
    if (isUniqueViolation(err)) throw duplicate(body.list);
    throw err;
  }
  publicAnswersChanged(ctx, churchId);
  await auditChurchChange(ctx.db, actor, churchId, 'church.language.add', { list: body.list, code }, { type: 'church_language', id: row!.id });
  return toChurchLanguage(row!);
}

/** PATCH /churches/:id/languages/:languageId: name and voices; '' clears a voice, one must remain. */
export async function updateChurchLanguage(
  ctx: AppContext,
  actor: Actor,
  churchId: string,
  languageId: string,
  body: UpdateChurchLanguageBody,
): Promise<ChurchLanguage> {
  await assertChurch(ctx, actor, churchId, 'church:edit');
  const row = await loadLanguage(ctx, churchId, languageId);
  const next = {
    name: body.name ?? row.name,
    maleVoiceId: body.maleVoiceId === undefined ? row.maleVoiceId : body.maleVoiceId || null,
    femaleVoiceId: body.femaleVoiceId === undefined ? row.femaleVoiceId : body.femaleVoiceId || null,
  };
  const changed = (['name', 'maleVoiceId', 'femaleVoiceId'] as const).filter((k) => next[k] !== row[k]);
  if (changed.length === 0) throw noChanges();
  if (!next.maleVoiceId && !next.femaleVoiceId) {
    throw new AppError('validation', 400, 'Some fields are not valid', [
      { field: 'femaleVoiceId', message: englishValidationMessage(msg('voiceIdRequired')), key: msg('voiceIdRequired') },
    ]);
  }
  const [updated] = await ctx.db.update(churchLanguages).set(next).where(eq(churchLanguages.id, languageId)).returning();
  publicAnswersChanged(ctx, churchId);
  await auditChurchChange(ctx.db, actor, churchId, 'church.language.update', { list: row.list, code: row.code, changed }, { type: 'church_language', id: languageId });
  return toChurchLanguage(updated!);
}

/** DELETE /churches/:id/languages/:languageId. */
export async function removeChurchLanguage(ctx: AppContext, actor: Actor, churchId: string, languageId: string): Promise<void> {
  await assertChurch(ctx, actor, churchId, 'church:edit');
  const row = await loadLanguage(ctx, churchId, languageId);
  await ctx.db.delete(churchLanguages).where(eq(churchLanguages.id, languageId));
  publicAnswersChanged(ctx, churchId);
  await auditChurchChange(ctx.db, actor, churchId, 'church.language.remove', { list: row.list, code: row.code }, { type: 'church_language', id: languageId });
}
