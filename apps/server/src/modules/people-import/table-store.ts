import { and, eq } from 'drizzle-orm';
import { peopleImportRows } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import type { Pace } from './pace';

/**
 * An upload's rows, kept in pieces of `pace.chunk` rows (migration 0019): one statement per piece,
 * pausing between them, where one 1 MB value held the embedded database (and live captions) for
 * 60 to 90 ms to write and as long to read (decision 036, "Live captions first").
 */
export async function storeRows(db: DbOrTx, importId: string, rows: string[][], pace: Pace): Promise<void> {
  for (let piece = 0; piece * pace.chunk < rows.length; piece++) {
    if (piece > 0) await pace.pause();
    await db.insert(peopleImportRows).values({ importId, piece, rows: rows.slice(piece * pace.chunk, (piece + 1) * pace.chunk) });
  }
}

/** The rows stored by `storeRows`, a piece at a time. */
export async function loadRows(db: DbOrTx, importId: string, pace: Pace): Promise<string[][]> {
  const rows: string[][] = [];
  for (let piece = 0; ; piece++) {
    if (piece > 0) await pace.pause();
    const [found] = await db.select({ rows: peopleImportRows.rows }).from(peopleImportRows)
      .where(and(eq(peopleImportRows.importId, importId), eq(peopleImportRows.piece, piece)));
    if (!found) return rows;
    for (const row of found.rows) rows.push(row);
  }
}
