import { sql } from 'drizzle-orm';
import type { EngineSlot, RecognitionEngineKind, ServerRecognitionKind } from '@app/shared';
import { serverRecognitionKinds } from '@app/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { churchRecognitionEngines, recognitionUsage } from '../../db/schema';
import { providersForChurch } from '../church-providers';
import { slotEngineStore } from '../engine-slots-store';
import type { RecognitionSpec } from './engines';

const store = slotEngineStore<RecognitionEngineKind>(churchRecognitionEngines);

/** A church's recognition engine as stored (key still encrypted), with how it has been doing. */
export type RecognitionRow = typeof churchRecognitionEngines.$inferSelect;

export const loadRecognitionRows = store.load;

export function isServerKind(kind: RecognitionEngineKind): kind is ServerRecognitionKind {
  return (serverRecognitionKinds as readonly string[]).includes(kind);
}

/**
 * The engines the server streams to, first then second, keys in clear. Azure on the server has no
 * key of its own: it uses the church's speech key and region from Live settings (none: its stream
 * fails to open, and the other engine takes over).
 */
export async function serverRecognitionSpecs(ctx: AppContext, churchId: string): Promise<{ slot: EngineSlot; spec: RecognitionSpec }[]> {
  const rows = await loadRecognitionRows(ctx.db, churchId);
  const azure = rows.some((r) => r.kind === 'azure-server') ? (await providersForChurch(ctx, churchId)).azureSpeech : null;
  return rows.flatMap((r) => {
    if (!isServerKind(r.kind)) return [];
    const spec = r.kind === 'azure-server'
      ? azureServerSpec(azure)
      : { kind: r.kind, url: r.url, model: r.model, key: ctx.secrets.decryptOrNull(r.keyEnc), region: null };
    return [{ slot: r.slot, spec }];
  });
}

/** Azure on the server's settings: the church's speech key and region (Live settings). */
export function azureServerSpec(azure: { key: string; region: string } | null): RecognitionSpec {
  return { kind: 'azure-server', url: null, model: null, key: azure?.key ?? null, region: azure?.region ?? null };
}

export const storeRecognitionEngine = store.store;
export const removeRecognitionEngineSlot = store.removeAndPromote;
export const recordRecognitionHealth = store.recordHealth;

/** Adds the audio each sermon's engines heard (seconds) and their failures since the last write, in one statement. */
export async function addRecognitionUsage(db: Db, rows: { sermonId: string; churchId: string; engine: RecognitionEngineKind; weekStart: string; seconds: number; failures: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(recognitionUsage).values(rows).onConflictDoUpdate({
    target: [recognitionUsage.sermonId, recognitionUsage.engine],
    set: { seconds: sql`${recognitionUsage.seconds} + excluded.seconds`, failures: sql`${recognitionUsage.failures} + excluded.failures` },
  });
}
