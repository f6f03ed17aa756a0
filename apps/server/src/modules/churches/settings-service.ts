import { eq } from 'drizzle-orm';
import {
  can,
  englishValidationMessage,
  msg,
  type ChurchDetails,
  type FieldError,
  type LiveSettingsBody,
  type StreamLimitBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { churches } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { maskSecret } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { weekStart } from '../../lib/church-week';
import { secondsUsedThisWeek } from '../../live/minutes/minutes';
import { invalidateChurchProviders } from '../../providers/church-providers';
import { loadEngineRows } from '../../providers/translation/engine-store';
import { fileUrl } from '../../providers/storage/image-store';
import { auditChurchChange } from './audit';
import { publicAnswersChanged } from '../../live/live-service';

type ChurchRow = typeof churches.$inferSelect;
type ChurchUpdate = Partial<typeof churches.$inferInsert>;

export const noChanges = () => new AppError('no_changes', 400, 'No changes detected');

const required = (field: string): FieldError => ({ field, message: englishValidationMessage(msg('required')), key: msg('required') });

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function loadChurch(ctx: AppContext, id: string): Promise<ChurchRow> {
  const [row] = await ctx.db.select().from(churches).where(eq(churches.id, id)).limit(1);
  if (!row) throw notFound('Church');
  return row;
}

/** Last four characters only; a key that no longer decrypts still shows that one is stored. */
function maskedKey(ctx: AppContext, box: string | null): string | null {
  if (!box) return null;
  return maskSecret(ctx.secrets.decryptOrNull(box)) ?? '••••';
}

/** A church as GET /churches/:id answers it, for this actor. */
export async function toDetails(ctx: AppContext, actor: Actor, row: ChurchRow, now = new Date()): Promise<ChurchDetails> {
  const canEdit = canReachChurch(actor, 'church:edit', row.id);
  const usedMinutes = (await secondsUsedThisWeek(ctx.db, row.id, row.timeZone, now)) / 60;
  const engines = await loadEngineRows(ctx.db, row.id);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    suburb: row.suburb,
    state: row.state,
    country: row.country,
    contactNumber: row.contactNumber,
    pastorName: row.pastorName,
    pastorPhone: row.pastorPhone,
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.imagePath ? fileUrl(row.imagePath) : null,
    joinCode: row.joinCode,
    canEdit,
    canSetStreamLimit: can(actor.role, 'churches:set-stream-limit'),
    liveSettings: {
      speechLocation: row.speechLocation,
      hasSpeechKey: row.speechKeyEnc !== null,
      // Even masked, keys are shown only to the people who manage them.
      speechKey: canEdit ? maskedKey(ctx, row.speechKeyEnc) : null,
      translatorKind: engines[0]?.kind ?? 'demo',
      failoverKind: engines[1]?.kind ?? null,
      guestsMayListen: row.guestsMayListen,
      timeZone: row.timeZone,
      weeklyStreamLimitMinutes: row.weeklyStreamLimitMinutes,
      minutesUsedThisWeek: round1(usedMinutes),
      minutesLeftThisWeek: round1(Math.max(0, row.weeklyStreamLimitMinutes - usedMinutes)),
      weekStartsAt: weekStart(row.timeZone, now).toISOString(),
    },
  };
}

/** GET /churches/:id — another church's is answered 404. */
export async function getChurchDetails(ctx: AppContext, actor: Actor, id: string): Promise<ChurchDetails> {
  if (!canReachChurch(actor, 'church:read', id)) throw notFound('Church');
  return toDetails(ctx, actor, await loadChurch(ctx, id));
}

const emptyToNull = (v: string) => (v === '' ? null : v);

/**
 * Works out the speech key and region's changes. The key is compared with the stored plain text,
 * so re-sending the same key is no change. (Translation engines have their own routes, decision 033.)
 */
function credentialChanges(
  ctx: AppContext,
  stored: { keyEnc: string | null; location: string | null },
  sent: { key?: string; location?: string; remove?: boolean },
  fields: { key: string; location: string },
): { update: { keyEnc?: string | null; location?: string | null }; changed: string[]; errors: FieldError[] } {
  const update: { keyEnc?: string | null; location?: string | null } = {};
  const changed: string[] = [];
  const errors: FieldError[] = [];
  const newKey = sent.key ? sent.key : undefined;

  if (sent.remove) {
    if (newKey) {
      return { update, changed, errors: [{ field: fields.key, message: englishValidationMessage(msg('keyOrRemove')), key: msg('keyOrRemove') }] };
    }
    // Removing a key removes its location too: it means nothing without it.
    if (stored.keyEnc !== null) { update.keyEnc = null; changed.push(fields.key); }
    if (stored.location !== null) { update.location = null; changed.push(fields.location); }
    return { update, changed, errors };
  }

  if (newKey !== undefined && newKey !== ctx.secrets.decryptOrNull(stored.keyEnc)) {
    update.keyEnc = ctx.secrets.encrypt(newKey);
    changed.push(fields.key);
  }
  if (sent.location !== undefined && emptyToNull(sent.location) !== stored.location) {
    update.location = emptyToNull(sent.location);
    changed.push(fields.location);
  }

  // Spec section 5: key and location are required together. Checked only when this pair is being
  // edited, so older incomplete data never blocks saving something else.
  if (changed.length > 0) {
    const hasKey = update.keyEnc !== undefined ? update.keyEnc !== null : stored.keyEnc !== null;
    const location = update.location !== undefined ? update.location : stored.location;
    if (hasKey && !location) errors.push(required(fields.location));
    if (!hasKey && location) errors.push(required(fields.key));
  }
  return { update, changed, errors };
}

/** PATCH /churches/:id/live-settings: only sent fields change; "No changes detected" otherwise. */
export async function updateLiveSettings(ctx: AppContext, actor: Actor, id: string, body: LiveSettingsBody): Promise<ChurchDetails> {
  if (!canReachChurch(actor, 'church:edit', id)) throw notFound('Church');
  const row = await loadChurch(ctx, id);

  const speech = credentialChanges(
    ctx,
    { keyEnc: row.speechKeyEnc, location: row.speechLocation },
    { key: body.speechKey, location: body.speechLocation, remove: body.removeSpeechKey },
    { key: 'speechKey', location: 'speechLocation' },
  );
  const errors = speech.errors;
  if (errors.length > 0) throw new AppError('validation', 400, 'Some fields are not valid', errors);

  const update: ChurchUpdate = {};
  const changed = [...speech.changed];
  if (speech.update.keyEnc !== undefined) update.speechKeyEnc = speech.update.keyEnc;
  if (speech.update.location !== undefined) update.speechLocation = speech.update.location;
  if (body.guestsMayListen !== undefined && body.guestsMayListen !== row.guestsMayListen) {
    update.guestsMayListen = body.guestsMayListen;
    changed.push('guestsMayListen');
  }
  if (body.timeZone !== undefined && body.timeZone !== row.timeZone) {
    update.timeZone = body.timeZone;
    changed.push('timeZone');
  }
  if (changed.length === 0) throw noChanges();

  const [updated] = await ctx.db.update(churches).set({ ...update, updatedAt: new Date() }).where(eq(churches.id, id)).returning();
  await auditChurchChange(ctx.db, actor, id, 'church.live_settings.update', { changed });
  invalidateChurchProviders(ctx, id);
  publicAnswersChanged(ctx, id);
  return toDetails(ctx, actor, updated!);
}

/** PATCH /churches/:id/stream-limit (platform admin). */
export async function setStreamLimit(ctx: AppContext, actor: Actor, id: string, body: StreamLimitBody): Promise<ChurchDetails> {
  if (!canReachChurch(actor, 'churches:set-stream-limit', id)) throw notFound('Church');
  const row = await loadChurch(ctx, id);
  if (row.weeklyStreamLimitMinutes === body.weeklyStreamLimitMinutes) throw noChanges();
  const [updated] = await ctx.db
    .update(churches)
    .set({ weeklyStreamLimitMinutes: body.weeklyStreamLimitMinutes, updatedAt: new Date() })
    .where(eq(churches.id, id))
    .returning();
  await auditChurchChange(ctx.db, actor, id, 'church.stream_limit.update', {
    from: row.weeklyStreamLimitMinutes,
    to: body.weeklyStreamLimitMinutes,
  });
  return toDetails(ctx, actor, updated!);
}
