import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { IMPORT_UNDO_DAYS, type UndoResult } from '@app/shared';
import type { AppContext } from '../../context';
import { peopleImportItems, peopleImports, serverSessions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { publicAnswersChanged } from '../../live/live-service';
import type { NewPerson } from '../users/insert-person';
import { reachableImport } from './service';

const DAY_MS = 86_400_000;
const notUndoable = (message: string) => new AppError('conflict', 409, message, [{ field: 'import', message, key: 'peopleImport.errors.notUndoable' }]);

/**
 * Takes an import back within IMPORT_UNDO_DAYS, in one transaction: people it created are removed
 * unless they signed in (their account is active or has a session) or changed since, who are kept
 * and listed; updated fields return to their previous value where they still hold the imported one
 * (a later edit by the person or an administrator wins).
 */
export async function undoImport(ctx: AppContext, actor: Actor, id: string, now = new Date()): Promise<UndoResult> {
  const job = await reachableImport(ctx, actor, id);
  if (job.status !== 'done' || !job.finishedAt || job.undoneAt) throw notUndoable('Only a finished import that was not undone can be undone');
  if (now.getTime() - job.finishedAt.getTime() > IMPORT_UNDO_DAYS * DAY_MS) throw notUndoable(`An import can be undone for ${IMPORT_UNDO_DAYS} days`);
  const result = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx.update(peopleImports).set({ status: 'undone', undoneAt: now })
      .where(and(eq(peopleImports.id, id), eq(peopleImports.status, 'done'))).returning({ id: peopleImports.id });
    if (!claimed) throw notUndoable('Only a finished import that was not undone can be undone');
    const items = await tx.select().from(peopleImportItems).where(and(eq(peopleImportItems.importId, id), isNotNull(peopleImportItems.userId)));
    const createdIds = items.filter((i) => i.kind === 'new').map((i) => i.userId!);
    const kept: UndoResult['kept'] = [];
    let removed = 0;
    for (let i = 0; i < createdIds.length; i += 1000) {
      const chunk = createdIds.slice(i, i + 1000);
      const people = await tx.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, status: users.accountStatus, createdAt: users.createdAt, updatedAt: users.updatedAt })
        .from(users).where(inArray(users.id, chunk)).for('update');
      const sessions = new Set((await tx.selectDistinct({ userId: serverSessions.userId }).from(serverSessions).where(inArray(serverSessions.userId, chunk))).map((s) => s.userId));
      const gone: string[] = [];
      for (const p of people) {
        const why = p.status === 'active' || sessions.has(p.id) ? 'signedIn' : p.updatedAt.getTime() > p.createdAt.getTime() ? 'changed' : null;
        if (why) kept.push({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email, why });
        else gone.push(p.id);
      }
      if (gone.length) await tx.delete(users).where(inArray(users.id, gone));
      removed += gone.length;
    }
    let restored = 0;
    for (const item of items.filter((i) => i.kind === 'update' && i.before)) {
      // Each field back to its old value only where the person still holds what the import wrote.
      const still = Object.entries(item.values).map(([f, v]) => sql`${sql.identifier(snake(f))} is not distinct from ${v}`);
      const changed = await tx.update(users).set({ ...(item.before as Partial<NewPerson>), updatedAt: now })
        .where(and(eq(users.id, item.userId!), ...still)).returning({ id: users.id });
      restored += changed.length;
    }
    await writeAudit(tx, actor, { action: 'people.import_undone', targetType: 'people_import', targetId: id, churchId: job.churchId, details: { removed, restored, kept: kept.length } });
    return { removed, restored, kept };
  });
  publicAnswersChanged(ctx, null);
  return result;
}

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
