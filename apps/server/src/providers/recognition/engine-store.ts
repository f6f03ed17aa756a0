import { and, eq, sql } from 'drizzle-orm';
import type { EngineSlot, RecognitionEngineKind, ServerRecognitionKind } from '@app/shared';
import { serverRecognitionKinds } from '@app/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { churchRecognitionEngines, recognitionUsage } from '../../db/schema';
import type { RecognitionSpec } from './engines';

/** A church's recognition engine as stored (key still encrypted), with how it has been doing. */
export type RecognitionRow = typeof churchRecognitionEngines.$inferSelect;

const SLOT_ORDER: Record<EngineSlot, number> = { primary: 0, failover: 1 };

export async function loadRecognitionRows(db: Db, churchId: string): Promise<RecognitionRow[]> {
  const rows = await db.select().from(churchRecognitionEngines).where(eq(churchRecognitionEngines.churchId, churchId));
  return rows.sort((a, b) => SLOT_ORDER[a.slot] - SLOT_ORDER[b.slot]);
}

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

export async function storeRecognitionEngine(db: Db, churchId: string, slot: EngineSlot, row: { kind: RecognitionEngineKind; url: string | null; model: string | null; keyEnc: string | null }): Promise<void> {
  const now = new Date();
  // A new engine in the place starts with no health of its own.
  const values = { ...row, lastOkAt: null, lastError: null, lastErrorAt: null, updatedAt: now };
  await db.insert(churchRecognitionEngines).values({ churchId, slot, ...values })
    .onConflictDoUpdate({ target: [churchRecognitionEngines.churchId, churchRecognitionEngines.slot], set: values });
}

export async function deleteRecognitionEngine(db: Db, churchId: string, slot: EngineSlot): Promise<void> {
  await db.delete(churchRecognitionEngines).where(and(eq(churchRecognitionEngines.churchId, churchId), eq(churchRecognitionEngines.slot, slot)));
}

/** An engine answered (null) or failed (its words): shown in Manage Church as its health. */
export async function recordRecognitionHealth(db: Db, churchId: string, slot: EngineSlot, kind: RecognitionEngineKind, error: string | null): Promise<void> {
  const now = new Date();
  const set = error === null ? { lastOkAt: now } : { lastError: error.slice(0, 300), lastErrorAt: now };
  await db.update(churchRecognitionEngines).set(set)
    .where(and(eq(churchRecognitionEngines.churchId, churchId), eq(churchRecognitionEngines.slot, slot), eq(churchRecognitionEngines.kind, kind)));
}

/** Adds the audio each sermon's engines heard (seconds) and their failures since the last write, in one statement. */
export async function addRecognitionUsage(db: Db, rows: { sermonId: string; churchId: string; engine: RecognitionEngineKind; weekStart: string; seconds: number; failures: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(recognitionUsage).values(rows).onConflictDoUpdate({
    target: [recognitionUsage.sermonId, recognitionUsage.engine],
    set: { seconds: sql`${recognitionUsage.seconds} + excluded.seconds`, failures: sql`${recognitionUsage.failures} + excluded.failures` },
  });
}
