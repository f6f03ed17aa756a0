import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import {
  createGlossaryEntryBody,
  englishValidationMessage,
  msg,
  type FieldError,
  type GlossaryEntry,
  type glossaryListQuery,
  type updateGlossaryEntryBody,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { churches, glossaryEntries } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { writeAudit, type DbOrTx } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, notFound } from '../../lib/errors';
import { listAll, listPage } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { bumpGlossaryVersion, forgetGlossaries } from './church-glossary';
import { glossarySource, glossaryWhere, toGlossaryEntry } from './glossary-source';
import { termKey } from '../../lib/glossary-matcher';
import { ensureStarterGlossary, STARTER_SCOPE } from './starter';

type GlossaryQuery = z.output<typeof glossaryListQuery>;
export type EntryInput = z.output<typeof createGlossaryEntryBody>;

/** A church's glossary, or (null) the starter glossary every church inherits. */
export type GlossaryScope = string | null;

const scopeName = (scope: GlossaryScope) => scope ?? STARTER_SCOPE;
const belongsTo = (scope: GlossaryScope): SQL => (scope ? eq(glossaryEntries.churchId, scope) : isNull(glossaryEntries.churchId));

export const termTaken = (field = 'term'): FieldError => ({ field, message: englishValidationMessage(msg('glossaryTermTaken')), key: msg('glossaryTermTaken') });

/** The church must exist and be the actor's (else 404, never a hint that it exists). */
export async function assertGlossaryChurch(ctx: AppContext, actor: Actor, churchId: string): Promise<void> {
  if (!canReachChurch(actor, 'glossary:manage', churchId)) throw notFound('Church');
  const [row] = await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!row) throw notFound('Church');
}

export async function listGlossary(ctx: AppContext, scope: GlossaryScope, q: GlossaryQuery) {
  await ensureStarterGlossary(ctx.db);
  return listPage(glossarySource(ctx.db), q, glossaryWhere(scope, q));
}

export function allGlossary(ctx: AppContext, scope: GlossaryScope, q: GlossaryQuery) {
  return listAll(glossarySource(ctx.db), q.sort, glossaryWhere(scope, q));
}

/** The row's values from a checked input: a `keep` entry carries no translations. */
export function entryValues(input: EntryInput) {
  return {
    language: input.language,
    term: input.term,
    termKey: termKey(input.term),
    kind: input.kind,
    translations: input.kind === 'fixed' ? input.translations : {},
    heardAs: [...new Set(input.heardAs)],
    note: input.note,
  };
}

async function termIsTaken(db: DbOrTx, scope: GlossaryScope, language: string, key: string, exceptId?: string) {
  const [row] = await db.select({ id: glossaryEntries.id }).from(glossaryEntries)
    .where(and(belongsTo(scope), eq(glossaryEntries.language, language), eq(glossaryEntries.termKey, key), exceptId ? ne(glossaryEntries.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** After any change: the version moves on (cached translations retire) and this process recompiles. */
async function changed(ctx: AppContext, db: DbOrTx, scope: GlossaryScope) {
  await bumpGlossaryVersion(db, scopeName(scope));
  forgetGlossaries(ctx);
}

export async function createEntry(ctx: AppContext, actor: Actor, scope: GlossaryScope, input: EntryInput): Promise<GlossaryEntry> {
  await ensureStarterGlossary(ctx.db);
  const values = entryValues(input);
  if (await termIsTaken(ctx.db, scope, values.language, values.termKey)) throw badRequest('This term is already in the glossary', [termTaken()]);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(glossaryEntries).values({ churchId: scope, ...values }).returning();
      await writeAudit(tx, actor, { action: 'glossary.created', targetType: 'glossary_entry', targetId: created!.id, churchId: scope, details: { term: values.term, kind: values.kind } });
      await changed(ctx, tx, scope);
      return created!;
    });
    return toGlossaryEntry(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('This term is already in the glossary', [termTaken()]);
    throw err;
  }
}

async function loadEntry(ctx: AppContext, scope: GlossaryScope, entryId: string) {
  const [row] = await ctx.db.select().from(glossaryEntries).where(and(eq(glossaryEntries.id, entryId), belongsTo(scope))).limit(1);
  if (!row) throw notFound('Glossary entry');
  return row;
}

export async function getEntry(ctx: AppContext, scope: GlossaryScope, entryId: string): Promise<GlossaryEntry> {
  return toGlossaryEntry(await loadEntry(ctx, scope, entryId));
}

export async function updateEntry(
  ctx: AppContext, actor: Actor, scope: GlossaryScope, entryId: string, patch: z.output<typeof updateGlossaryEntryBody>,
): Promise<GlossaryEntry> {
  const row = await loadEntry(ctx, scope, entryId);
  // The entry as it would be, checked whole: a `fixed` entry may not lose its last translation.
  const merged = createGlossaryEntryBody.safeParse({
    language: patch.language ?? row.language, term: patch.term ?? row.term, kind: patch.kind ?? row.kind,
    translations: patch.translations ?? row.translations, heardAs: patch.heardAs ?? row.heardAs, note: patch.note ?? row.note,
  });
  if (!merged.success) {
    const errors = merged.error.issues.map((i) => ({ field: i.path.join('.') || '_', message: englishValidationMessage(i.message), key: i.message }));
    throw badRequest('Some fields are not valid', errors);
  }
  const values = entryValues(merged.data);
  if (await termIsTaken(ctx.db, scope, values.language, values.termKey, entryId)) throw badRequest('This term is already in the glossary', [termTaken()]);
  const updated = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx.update(glossaryEntries).set({ ...values, updatedAt: new Date() }).where(eq(glossaryEntries.id, entryId)).returning();
    await writeAudit(tx, actor, { action: 'glossary.updated', targetType: 'glossary_entry', targetId: entryId, churchId: scope, details: { fields: Object.keys(patch) } });
    await changed(ctx, tx, scope);
    return saved!;
  });
  return toGlossaryEntry(updated);
}

export async function deleteEntry(ctx: AppContext, actor: Actor, scope: GlossaryScope, entryId: string): Promise<void> {
  const row = await loadEntry(ctx, scope, entryId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(glossaryEntries).where(eq(glossaryEntries.id, entryId));
    await writeAudit(tx, actor, { action: 'glossary.deleted', targetType: 'glossary_entry', targetId: entryId, churchId: scope, details: { term: row.term } });
    await changed(ctx, tx, scope);
  });
}

export { changed as glossaryChanged };
