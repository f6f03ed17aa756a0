import { and, desc, eq } from 'drizzle-orm';
import { IMPORT_UNDO_DAYS, type ImportField, type ImportPreview, type ImportSummary, type ImportUpload } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, peopleImportItems, peopleImportRows, peopleImports } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { guessMapping } from './columns';
import { insertItems } from './bulk-sql';
import { breathe, paceOf } from './pace';
import { countsOf, planRows } from './plan';
import { peopleCount, readTable } from './read-table';
import { loadRows, storeRows } from './table-store';
import { kickImportWorker } from './worker';

type ImportRow = typeof peopleImports.$inferSelect;
const DAY_MS = 86_400_000;

export function summaryOf(row: ImportRow): ImportSummary {
  const undoable = row.status === 'done' && row.finishedAt && !row.undoneAt;
  return {
    id: row.id, churchId: row.churchId, filename: row.filename, status: row.status, invite: row.invite, rowCount: row.rowCount,
    done: row.done, toWrite: row.toWrite, created: row.created, updated: row.updated,
    createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
    undoUntil: undoable ? new Date(row.finishedAt!.getTime() + IMPORT_UNDO_DAYS * DAY_MS).toISOString() : null,
  };
}

/** The import `id` if the actor may import into its church; anything else answers 404 (ARCHITECTURE.md section 4). */
export async function reachableImport(ctx: AppContext, actor: Actor, id: string): Promise<ImportRow> {
  const [row] = await ctx.db.select().from(peopleImports).where(eq(peopleImports.id, id)).limit(1);
  if (!row || !canReachChurch(actor, 'people:import', row.churchId)) throw notFound('Import');
  return row;
}

/** Reads the file and keeps its table for the preview; nothing about people is written yet. */
export async function uploadImport(ctx: AppContext, actor: Actor, file: { filename: string; bytes: Buffer }, churchId: string | undefined): Promise<ImportUpload> {
  const target = churchId ?? actor.churchId;
  const [church] = target ? await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, target)).limit(1) : [];
  if (!church || !canReachChurch(actor, 'people:import', church.id)) throw notFound('Church');
  const table = await readTable(file.bytes, file.filename);
  const [row] = await ctx.db.insert(peopleImports).values({
    churchId: church.id, actorId: actor.id, filename: file.filename.slice(0, 200), headers: table.headers, rowCount: peopleCount(table),
  }).returning();
  try {
    await storeRows(ctx.db, row!.id, table.rows, paceOf(ctx));
  } catch (err) {
    // Nobody has its id yet: an upload whose rows were not all stored is not kept.
    await ctx.db.delete(peopleImports).where(eq(peopleImports.id, row!.id));
    throw err;
  }
  const mapping = guessMapping(table.headers);
  const columns = table.headers.map((header, index) => ({
    index, header, field: mapping[index] ?? null,
    samples: table.rows.map((r) => r[index] ?? '').filter((v) => v.trim() !== '').slice(0, 3).map((v) => v.slice(0, 60)),
  }));
  return { ...summaryOf(row!), columns };
}

const notPreview = () => new AppError('conflict', 409, 'This import was already confirmed');

async function plannedFor(ctx: AppContext, row: ImportRow, mapping: Array<ImportField | null>) {
  if (row.status !== 'preview') throw notPreview();
  const pace = paceOf(ctx);
  return planRows(ctx.db, row.churchId, { headers: row.headers, rows: await loadRows(ctx.db, row.id, pace) }, mapping, pace);
}

/** Every row's outcome under `mapping`; refused rows carry their cells for the download. */
export async function previewImport(ctx: AppContext, actor: Actor, id: string, mapping: Array<ImportField | null>): Promise<ImportPreview> {
  const row = await reachableImport(ctx, actor, id);
  const planned = await plannedFor(ctx, row, mapping);
  return { headers: row.headers, counts: countsOf(planned), rows: planned.map(({ values: _v, userId: _u, ...shown }) => shown) };
}

/**
 * A preview as JSON text, 500 rows at a time with a turn between: 10,000 rows checked against the
 * response schema and serialised in one go held the server's thread, and live captions, for 30 to
 * 65 ms (decision 036, "Live captions first"). Its type is the schema's, so the check adds nothing.
 */
export async function previewJson(preview: ImportPreview): Promise<string> {
  const pieces: string[] = [];
  for (let i = 0; i < preview.rows.length; i += 500) {
    if (i > 0) await breathe();
    pieces.push(preview.rows.slice(i, i + 500).map((r) => JSON.stringify(r)).join(','));
  }
  return `{"headers":${JSON.stringify(preview.headers)},"counts":${JSON.stringify(preview.counts)},"rows":[${pieces.join(',')}]}`;
}

/**
 * Confirms: the rows to write become items, checked again against the people stored now, and the
 * background job takes them (worker.ts). The file's table is dropped; the items are what remains.
 * The items are written in short transactions (pace.ts) while the import is `preparing`, which the
 * worker does not take; only the last step queues it. A failure on the way removes the items
 * written so far and leaves the upload at its preview, to be confirmed again: nothing partial.
 */
export async function confirmImport(ctx: AppContext, actor: Actor, id: string, mapping: Array<ImportField | null>, invite: boolean): Promise<ImportSummary> {
  const row = await reachableImport(ctx, actor, id);
  const all = await plannedFor(ctx, row, mapping);
  const counts = countsOf(all);
  const planned = all.filter((r) => r.outcome === 'new' || r.outcome === 'update');
  // Claimed before anything is written: a second confirm (a double click) is refused, never mixed in.
  const [claimed] = await ctx.db.update(peopleImports).set({ status: 'preparing', invite, toWrite: planned.length })
    .where(and(eq(peopleImports.id, id), eq(peopleImports.status, 'preview'))).returning({ id: peopleImports.id });
  if (!claimed) throw notPreview();
  try {
    await insertItems(ctx.db, id, planned.map((p) => ({ rowNo: p.row, kind: p.outcome as 'new' | 'update', email: p.email || null, values: p.values!, userId: p.userId ?? null })), paceOf(ctx));
    const queued = await ctx.db.transaction(async (tx) => {
      const [ready] = await tx.update(peopleImports).set({ status: 'queued' })
        .where(and(eq(peopleImports.id, id), eq(peopleImports.status, 'preparing'))).returning();
      if (!ready) throw notPreview();
      await tx.delete(peopleImportRows).where(eq(peopleImportRows.importId, id));
      await writeAudit(tx, actor, { action: 'people.import_confirmed', targetType: 'people_import', targetId: id, churchId: row.churchId, details: { ...counts, invite, filename: row.filename } });
      return ready;
    });
    kickImportWorker(ctx);
    return summaryOf(queued);
  } catch (err) {
    await ctx.db.delete(peopleImportItems).where(eq(peopleImportItems.importId, id));
    await ctx.db.update(peopleImports).set({ status: 'preview', toWrite: 0 }).where(and(eq(peopleImports.id, id), eq(peopleImports.status, 'preparing')));
    throw err;
  }
}

export async function getImport(ctx: AppContext, actor: Actor, id: string): Promise<ImportSummary> {
  return summaryOf(await reachableImport(ctx, actor, id));
}

/** The church's imports, newest first (the last 20), confirmed ones only. */
export async function listImports(ctx: AppContext, actor: Actor, churchId: string | undefined): Promise<ImportSummary[]> {
  const scope = churchFilter(actor, 'people:import') ?? churchId;
  const rows = await ctx.db.select().from(peopleImports)
    .where(scope ? eq(peopleImports.churchId, scope) : undefined).orderBy(desc(peopleImports.createdAt)).limit(40);
  return rows.filter((r) => r.status !== 'preview').slice(0, 20).map(summaryOf);
}
