import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor } from '../../lib/session';

/** One audit_log row for a change to a church's settings. Details name what changed, never a secret. */
export async function auditChurchChange(
  db: Db,
  actor: Actor,
  churchId: string,
  action: string,
  details: Record<string, unknown>,
  target: { type: string; id: string } = { type: 'church', id: churchId },
): Promise<void> {
  await writeAudit(db, actor, { action, targetType: target.type, targetId: target.id, churchId, details });
}
