import { createHash } from 'node:crypto';
import { and, eq, max, sql } from 'drizzle-orm';
import type { SegmentPayload } from '@app/shared';
import type { Db } from '../../db/client';
import { transcriptSegments } from '../../db/schema';

/**
 * Numbers and stores a final segment before anyone hears it, so numbering lives in PostgreSQL, not
 * in one process's memory: a speaker who moves to another process (a restart, a crash) continues at
 * the next free seq, and a line sent again is recognised by its key, whichever process receives it.
 */

export type StoredSegment = { seq: number; duplicate: false } | { seq: number; duplicate: true };

interface NewSegment {
  id: string;
  sermonId: string;
  sourceLanguage: string;
  text: string;
  /** What identifies the line when it is sent again (lineKey). */
  clientId: string;
  createdAt: Date;
  /** When its words began (decision 037). */
  spokenAt?: Date;
}

/**
 * What makes a final line the same line when it is sent again, kept in the sermon's unique
 * (sermon, client id) index so the database refuses a second copy however many arrive at once and
 * whichever process takes them: the speaker's own clientId, else its own seq with the line's text
 * (a resend repeats both; a client's seq grows per final line, the API's contract) or the prepared
 * paragraph it sends. A key of this shape that a client sends as its clientId names only that
 * client's own lines of the sermon.
 */
export function lineKey(p: Pick<SegmentPayload, 'clientId' | 'seq' | 'text' | 'preparedParagraphId'>): string {
  if (p.clientId) return p.clientId;
  const what = p.preparedParagraphId ? `p:${p.preparedParagraphId}` : `t:${p.text}`;
  return `~${p.seq}:${createHash('sha256').update(what).digest('base64url').slice(0, 32)}`;
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
        ${s.clientId}, ${s.createdAt.toISOString()}::timestamptz, ${(s.spokenAt ?? s.createdAt).toISOString()}::timestamptz
      from transcript_segments where sermon_id = ${s.sermonId}::uuid
      on conflict do nothing
      returning seq`);
    // node-postgres answers { rows }, PGlite too (through drizzle); older drivers an array.
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{ seq: number }>;
    if (rows[0]) return { seq: Number(rows[0].seq), duplicate: false };
    const [earlier] = await db.select({ seq: transcriptSegments.seq }).from(transcriptSegments)
      .where(and(eq(transcriptSegments.sermonId, s.sermonId), eq(transcriptSegments.clientId, s.clientId))).limit(1);
    if (earlier) return { seq: earlier.seq, duplicate: true };
  }
  throw new Error(`could not number a segment of sermon ${s.sermonId}`);
}

/** The last seq stored for a sermon (0 before its first line). */
export async function lastStoredSeq(db: Db, sermonId: string): Promise<number> {
  const [last] = await db.select({ seq: max(transcriptSegments.seq) }).from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermonId));
  return last?.seq ?? 0;
}
