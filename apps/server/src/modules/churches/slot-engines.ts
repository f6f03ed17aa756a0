import { englishValidationMessage, msg, type EngineSlot } from '@app/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { canReachChurch } from '../../lib/access';
import { maskSecret } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { SlotRow } from '../../providers/engine-slots-store';
import { loadChurch } from './settings-service';

/**
 * What the settings routes of engines in two slots share (translation, decision 033; recognition,
 * decision 038; voice, decision 040): who may edit them, keys masked when read, a key left out
 * meaning the stored one, the first engine before the second, and "no changes" for settings saved
 * again as they are.
 */

/** Engine settings are the church's to edit: another church answers 404, as if it did not exist. */
export function assertMayEdit(actor: Actor, churchId: string): void {
  if (!canReachChurch(actor, 'church:edit', churchId)) throw notFound('Church');
}

/** The church's engines and the one in `slot`, once the actor may edit the church and it exists. */
export async function engineInSlot<R extends { slot: EngineSlot }>(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot, load: (db: Db, churchId: string) => Promise<R[]>) {
  assertMayEdit(actor, churchId);
  await loadChurch(ctx, churchId);
  const rows = await load(ctx.db, churchId);
  return { rows, stored: rows.find((r) => r.slot === slot) };
}

export function maskedSlotSettings<K extends string>(ctx: AppContext, r: SlotRow<K>) {
  return {
    slot: r.slot, kind: r.kind, url: r.url, model: r.model, hasKey: r.keyEnc !== null,
    key: r.keyEnc ? maskSecret(ctx.secrets.decryptOrNull(r.keyEnc)) ?? '••••' : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The key a body means: the one sent, else none when it asks to remove it, else the one stored for the same engine in that place (keys are write-only). */
export function keyOfBody<K extends string>(ctx: AppContext, body: { kind: K; key?: string; removeKey?: boolean }, stored: SlotRow<K> | undefined): string | null {
  if (body.key) return body.key;
  if (body.removeKey === true) return null;
  return stored && stored.kind === body.kind ? ctx.secrets.decryptOrNull(stored.keyEnc) : null;
}

export function assertFirstBeforeSecond(rows: ReadonlyArray<{ slot: EngineSlot }>, slot: EngineSlot): void {
  if (slot === 'failover' && !rows.some((r) => r.slot === 'primary')) throw new AppError('engine_primary_first', 400, 'Choose the first engine before a second one');
}

export function isUnchanged<K extends string>(ctx: AppContext, stored: SlotRow<K> | undefined, spec: { kind: K; url: string | null; model: string | null; key: string | null }): boolean {
  return stored !== undefined && stored.kind === spec.kind && stored.url === spec.url && stored.model === spec.model && ctx.secrets.decryptOrNull(stored.keyEnc) === spec.key;
}

export function keyRequired(): AppError {
  return new AppError('validation', 400, 'Some fields are not valid', [{ field: 'key', message: englishValidationMessage(msg('required')), key: msg('required') }]);
}
