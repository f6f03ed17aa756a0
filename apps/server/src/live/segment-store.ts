import { and, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { transcriptSegments } from '../db/schema';

/**
 * Numbers and stores a final segment before anyone hears it, so numbering lives in PostgreSQL, not
 * in one process's memory: a speaker who moves to another process (a restart, a crash) continues at
 * the next free seq, and a line resent with a clientId already stored is recognised, whichever
 * process receives it.
 */

export type StoredSegment = { seq: number; duplicate: false } | { seq: number; duplicate: true };

interface NewSegment {
  id: string;
  sermonId: string;
  sourceLanguage: string;
  text: string;
  clientId?: string;
  createdAt: Date;
  /** When its words began (decision 037). */
  spokenAt?: Date;
}

/** Attempts before giving up when other inserts keep taking the next seq (they cannot for long). */
const ATTEMPTS = 5;

export async function storeSegment(db: Db, s: NewSegment): Promise<StoredSegment> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // One statement: the next seq is read and taken together; a conflict on either unique index
    // (seq taken meanwhile, or this clientId already stored) inserts nothing.
    const result = await db.execute(sql`
      insert into transcript_segments (id, sermon_id, seq, source_language, text, client_id, created_at, spoken_at)
      select ${s.id}::uuid, ${s.sermonId}::uuid, coalesce(max(seq), 0) + 1, ${s.sourceLanguage}, ${s.text},
        ${s.clientId ?? null}, ${s.createdAt.toISOString()}::timestamptz, ${(s.spokenAt ?? s.createdAt).toISOString()}::timestamptz
      from transcript_segments where sermon_id = ${s.sermonId}::uuid
      on conflict do nothing
      returning seq`);
    // node-postgres answers { rows }, PGlite too (through drizzle); older drivers an array.
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{ seq: number }>;
    if (rows[0]) return { seq: Number(rows[0].seq), duplicate: false };
    if (s.clientId) {
      const [earlier] = await db.select({ seq: transcriptSegments.seq }).from(transcriptSegments)
        .where(and(eq(transcriptSegments.sermonId, s.sermonId), eq(transcriptSegments.clientId, s.clientId))).limit(1);
      if (earlier) return { seq: earlier.seq, duplicate: true };
    }
  }
  throw new Error(`could not number a segment of sermon ${s.sermonId}`);
}

/** The last seq stored for a sermon (0 before its first line). */
export async function lastStoredSeq(db: Db, sermonId: string): Promise<number> {
  const [last] = await db.select({ seq: max(transcriptSegments.seq) }).from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermonId));
  return last?.seq ?? 0;
}
