import { englishValidationMessage, msg, type EngineSlot } from '@app/shared';
import type { AppContext } from '../../context';
import { maskSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { SlotRow } from '../../providers/engine-slots-store';

/**
 * What the settings routes of engines in two slots share (recognition, decision 038; voice,
 * decision 040): keys masked when read, a key left out meaning the stored one, the first engine
 * before the second, and "no changes" for settings saved again as they are.
 */
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
