import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from './session';

/** A database handle or an open transaction: audit rows are written in the change's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | null;
  churchId: string | null;
  /** What changed (field names, old and new roles); never a secret or a payroll value. */
  details?: Record<string, unknown>;
}

/** One audit_log row: who did what to which record of which church, and when. */
export async function writeAudit(db: DbOrTx, actor: Pick<Actor, 'id'> | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    churchId: entry.churchId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? null,
  });
}
