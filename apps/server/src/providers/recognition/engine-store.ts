import { sql } from 'drizzle-orm';
import type { EngineSlot, RecognitionEngineKind, ServerRecognitionKind } from '@app/shared';
import { serverRecognitionKinds } from '@app/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { churchRecognitionEngines, recognitionUsage } from '../../db/schema';
import { slotEngineStore } from '../engine-slots-store';
import type { RecognitionSpec } from './engines';

const store = slotEngineStore<RecognitionEngineKind>(churchRecognitionEngines);

/** A church's recognition engine as stored (key still encrypted), with how it has been doing. */
export type RecognitionRow = typeof churchRecognitionEngines.$inferSelect;

export const loadRecognitionRows = store.load;

export function isServerKind(kind: RecognitionEngineKind): kind is ServerRecognitionKind {
  return (serverRecognitionKinds as readonly string[]).includes(kind);
}

/** The engines the server streams to, first then second, keys in clear. */
export async function serverRecognitionSpecs(ctx: Pick<AppContext, 'db' | 'secrets'>, churchId: string): Promise<{ slot: EngineSlot; spec: RecognitionSpec }[]> {
  const rows = await loadRecognitionRows(ctx.db, churchId);
  return rows.flatMap((r) => (isServerKind(r.kind)
    ? [{ slot: r.slot, spec: { kind: r.kind, url: r.url, model: r.model, key: ctx.secrets.decryptOrNull(r.keyEnc) } }]
    : []));
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
