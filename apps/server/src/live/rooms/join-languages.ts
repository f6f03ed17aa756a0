import { and, asc, eq } from 'drizzle-orm';
import { findListeningLanguage, isRtlLanguage, listeningLanguages, voiceLocale, type JoinLanguage } from '@app/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { churchLanguages } from '../../db/schema';
import { providersForChurch } from '../../providers/church-providers';
import type { RoomLanguage } from './room-types';

/**
 * The languages a listener may choose for a sermon: the church's join-live list, plus the spoken
 * language itself (its listeners get the original text at once).
 */
export async function loadJoinLanguages(db: Db, churchId: string, sourceLanguage: string | null): Promise<RoomLanguage[]> {
  const rows = await db
    .select({ code: churchLanguages.code, name: churchLanguages.name, male: churchLanguages.maleVoiceId, female: churchLanguages.femaleVoiceId, at: churchLanguages.createdAt })
    .from(churchLanguages)
    .where(and(eq(churchLanguages.churchId, churchId), eq(churchLanguages.list, 'join_live')))
    .orderBy(asc(churchLanguages.createdAt));
  // In the order the church added them; languages added together in the product's own order.
  const rank = (code: string) => {
    const i = listeningLanguages.findIndex((l) => l.code === code);
    return i === -1 ? listeningLanguages.length : i;
  };
  rows.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a.code) - rank(b.code) || a.name.localeCompare(b.name));
  const out: RoomLanguage[] = rows.map((r) => describe(r.code, r.name, r.male, r.female));
  // Before a sermon (a lobby) there is no spoken language yet.
  if (sourceLanguage !== null && !out.some((l) => l.code === sourceLanguage)) {
    const known = findListeningLanguage(sourceLanguage);
    out.unshift(describe(sourceLanguage, known?.englishName ?? sourceLanguage, known?.maleVoice ?? null, known?.femaleVoice ?? null));
  }
  return out;
}

function describe(code: string, name: string, male: string | null, female: string | null): RoomLanguage {
  const known = findListeningLanguage(code);
  return {
    code,
    name,
    nativeName: known?.nativeName ?? name,
    rtl: isRtlLanguage(code),
    locale: known?.locale ?? voiceLocale(female ?? male ?? '') ?? null,
    maleVoiceId: male || null,
    femaleVoiceId: female || null,
  };
}

/** The languages a listener may choose in a church, with the server voices each offers (the lobby, a share link). */
export async function joinLanguageOptions(ctx: AppContext, churchId: string, sourceLanguage: string | null) {
  const providers = await providersForChurch(ctx, churchId);
  const hasSpeechKey = providers.synthesizer !== null;
  const languages = await loadJoinLanguages(ctx.db, churchId, sourceLanguage);
  return {
    languages: languages.map((l): JoinLanguage => ({
      code: l.code,
      name: l.name,
      nativeName: l.nativeName,
      rtl: l.rtl,
      voices: hasSpeechKey && l.locale ? (['female', 'male'] as const).filter((v) => (v === 'male' ? l.maleVoiceId : l.femaleVoiceId)) : [],
    })),
    hasSpeechKey,
    translator: providers.translatorKind,
  };
}
