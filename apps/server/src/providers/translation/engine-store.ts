import { and, eq } from 'drizzle-orm';
import type { EngineSlot, TranslationEngineKind } from '@app/shared';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { outboundOf } from '../../lib/outbound/outbound-client';
import type { Db } from '../../db/client';
import { churches, churchTranslationEngines } from '../../db/schema';
import { AzureTranslator } from './azure-translator';
import { DeepLTranslator } from './deepl-translator';
import { GoogleTranslator } from './google-translator';
import { LibreTranslator } from './libre-translator';
import { OpenAITranslator } from './openai-translator';
import type { EngineHttpOptions } from './engine-http';
import type { Translator } from './translator';

/** A church's engine as stored (key still encrypted). */
export interface EngineRow {
  slot: EngineSlot;
  kind: TranslationEngineKind;
  url: string | null;
  region: string | null;
  model: string | null;
  keyEnc: string | null;
  updatedAt: Date;
}

/** An engine's settings with its key in clear: what a translator is built from (never logged). */
export interface EngineSpec {
  kind: TranslationEngineKind;
  url: string | null;
  region: string | null;
  model: string | null;
  key: string | null;
}

const SLOT_ORDER: Record<EngineSlot, number> = { primary: 0, failover: 1 };

/**
 * The church's engines, first then second. A church that has none here but still has a key in
 * the Azure columns of `churches` (set before engines had their own table, decision 033) gets that
 * Azure engine as its first.
 */
export async function loadEngineRows(db: Db, churchId: string): Promise<EngineRow[]> {
  const rows = await db.select().from(churchTranslationEngines).where(eq(churchTranslationEngines.churchId, churchId));
  const engines: EngineRow[] = rows.map((r) => ({ slot: r.slot, kind: r.kind, url: r.url, region: r.region, model: r.model, keyEnc: r.keyEnc, updatedAt: r.updatedAt }));
  if (!engines.some((e) => e.slot === 'primary')) {
    const [legacy] = await db.select({ keyEnc: churches.translatorKeyEnc, region: churches.translatorLocation, url: churches.translatorEndpoint, updatedAt: churches.updatedAt })
      .from(churches).where(eq(churches.id, churchId)).limit(1);
    if (legacy?.keyEnc) engines.push({ slot: 'primary', kind: 'azure', url: legacy.url, region: legacy.region, model: null, keyEnc: legacy.keyEnc, updatedAt: legacy.updatedAt });
  }
  return engines.sort((a, b) => SLOT_ORDER[a.slot] - SLOT_ORDER[b.slot]);
}

/** Saves one slot's engine; the first one also clears the older Azure columns (they would shadow nothing now). */
export async function storeEngine(db: Db, churchId: string, slot: EngineSlot, row: Omit<EngineRow, 'slot' | 'updatedAt'>): Promise<void> {
  const now = new Date();
  await db.insert(churchTranslationEngines).values({ churchId, slot, ...row, updatedAt: now })
    .onConflictDoUpdate({ target: [churchTranslationEngines.churchId, churchTranslationEngines.slot], set: { ...row, updatedAt: now } });
  if (slot === 'primary') await clearLegacyAzure(db, churchId);
}

export async function deleteEngine(db: Db, churchId: string, slot: EngineSlot): Promise<void> {
  await db.delete(churchTranslationEngines).where(and(eq(churchTranslationEngines.churchId, churchId), eq(churchTranslationEngines.slot, slot)));
  if (slot === 'primary') await clearLegacyAzure(db, churchId);
}

async function clearLegacyAzure(db: Db, churchId: string): Promise<void> {
  await db.update(churches).set({ translatorKeyEnc: null, translatorLocation: null, translatorEndpoint: null }).where(eq(churches.id, churchId));
}

/** The operator's own address for an engine kind (tests: a loopback mock), which replaces the church's. */
export function translationOverride(config: Config, kind: TranslationEngineKind): string | undefined {
  return { azure: config.AZURE_TRANSLATOR_ENDPOINT, deepl: config.DEEPL_API_URL, google: config.GOOGLE_TRANSLATE_URL, libretranslate: config.LIBRETRANSLATE_URL, openai: config.OPENAI_BASE_URL }[kind];
}

/**
 * A translator for one engine, with the test overrides of its address from the configuration.
 * Its calls go through the outbound client (decision 041): checked unless the address is the operator's.
 */
export function buildTranslator(ctx: Pick<AppContext, 'config'>, spec: EngineSpec, http: EngineHttpOptions = {}): Translator {
  const c = ctx.config;
  const override = translationOverride(c, spec.kind);
  const opts = { ...http, fetch: http.fetch ?? outboundOf(c).fetchFor('translation', override !== undefined) };
  switch (spec.kind) {
    case 'azure':
      return new AzureTranslator({ ...opts, key: spec.key ?? '', region: spec.region, endpoint: spec.url, baseUrlOverride: override });
    case 'deepl':
      return new DeepLTranslator({ ...opts, key: spec.key ?? '', baseUrlOverride: override });
    case 'google':
      return new GoogleTranslator({ ...opts, key: spec.key ?? '', baseUrlOverride: override });
    case 'libretranslate':
      return new LibreTranslator({ ...opts, url: spec.url ?? '', key: spec.key, baseUrlOverride: override });
    case 'openai':
      return new OpenAITranslator({ ...opts, url: spec.url ?? '', model: spec.model ?? '', key: spec.key, baseUrlOverride: override });
  }
}
