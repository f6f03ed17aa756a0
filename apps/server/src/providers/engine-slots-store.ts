import { and, eq } from 'drizzle-orm';
import type { EngineSlot } from '@app/shared';
import type { Db } from '../db/client';
import type { slotEngineTable } from '../db/schema';

/**
 * A church's engines in their two slots, for every table made by `slotEngineTable` (recognition
 * engines, decision 038; voice engines, decision 040): read first then second, saved, removed, and
 * their health kept on the row.
 */
type Table<K extends string> = ReturnType<typeof slotEngineTable<K>>;
export interface SlotRow<K extends string> {
  churchId: string;
  slot: EngineSlot;
  kind: K;
  url: string | null;
  model: string | null;
  keyEnc: string | null;
  lastOkAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface SlotValues<K extends string> { kind: K; url: string | null; model: string | null; keyEnc: string | null }

const SLOT_ORDER: Record<EngineSlot, number> = { primary: 0, failover: 1 };

export function slotEngineStore<K extends string>(table: Table<K>) {
  // The tables share their columns; drizzle's types cannot follow a table chosen at run time.
  const t = table as unknown as Table<string>;
  const where = (churchId: string, slot: EngineSlot) => and(eq(t.churchId, churchId), eq(t.slot, slot));

  async function load(db: Db, churchId: string): Promise<SlotRow<K>[]> {
    const rows = (await db.select().from(t).where(eq(t.churchId, churchId))) as SlotRow<K>[];
    return rows.sort((a, b) => SLOT_ORDER[a.slot] - SLOT_ORDER[b.slot]);
  }

  async function store(db: Db, churchId: string, slot: EngineSlot, row: SlotValues<K>): Promise<void> {
    // A new engine in the place starts with no health of its own.
    const values = { ...row, lastOkAt: null, lastError: null, lastErrorAt: null, updatedAt: new Date() };
    await db.insert(t).values({ churchId, slot, ...values }).onConflictDoUpdate({ target: [t.churchId, t.slot], set: values });
  }

  async function remove(db: Db, churchId: string, slot: EngineSlot): Promise<void> {
    await db.delete(t).where(where(churchId, slot));
  }

  /** Removing the first makes the second the first. Returns the removed row, or null when the slot was empty. */
  async function removeAndPromote(db: Db, churchId: string, slot: EngineSlot): Promise<SlotRow<K> | null> {
    const rows = await load(db, churchId);
    const stored = rows.find((r) => r.slot === slot);
    if (!stored) return null;
    await remove(db, churchId, slot);
    const second = rows.find((r) => r.slot === 'failover');
    if (slot === 'primary' && second) {
      await remove(db, churchId, 'failover');
      await store(db, churchId, 'primary', { kind: second.kind, url: second.url, model: second.model, keyEnc: second.keyEnc });
    }
    return stored;
  }

  /** An engine answered (null) or failed (its words): shown in Manage Church as its health. */
  async function recordHealth(db: Db, churchId: string, slot: EngineSlot, kind: K, error: string | null): Promise<void> {
    const now = new Date();
    const set = error === null ? { lastOkAt: now } : { lastError: error.slice(0, 300), lastErrorAt: now };
    await db.update(t).set(set).where(and(where(churchId, slot), eq(t.kind, kind)));
  }

  return { load, store, remove, removeAndPromote, recordHealth };
}
