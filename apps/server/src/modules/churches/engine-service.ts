import { and, eq } from 'drizzle-orm';
import {
  engineNeedsKey,
  englishValidationMessage,
  msg,
  type EngineConfig,
  type EngineHealth,
  type EngineSettings,
  type EngineSlot,
  type EngineTestResult,
  type SaveEngineBody,
  type TestEngineBody,
  type TranslationEnginesResponse,
} from '@app/shared';
import type { AppContext } from '../../context';
import { translationEngineHealth, translationUsage } from '../../db/schema';
import { maskSecret } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { invalidateChurchProviders } from '../../providers/church-providers';
import { deleteEngine, loadEngineRows, storeEngine, translationOverride, type EngineRow, type EngineSpec } from '../../providers/translation/engine-store';
import { usageMeterOf, weekStartDate } from '../../providers/translation/usage-meter';
import { auditChurchChange } from './audit';
import { assertEngineAddress } from './engine-address';
import { testEngine } from './engine-test';
import { assertMayEdit, engineInSlot } from './slot-engines';
import { loadChurch, noChanges } from './settings-service';

export const fieldError = (field: string, key: Parameters<typeof msg>[0]) => ({ field, message: englishValidationMessage(msg(key)), key: msg(key) });

function toSettings(ctx: AppContext, row: EngineRow): EngineSettings {
  return {
    slot: row.slot, kind: row.kind, url: row.url, region: row.region, model: row.model,
    hasKey: row.keyEnc !== null,
    key: row.keyEnc ? maskSecret(ctx.secrets.decryptOrNull(row.keyEnc)) ?? '••••' : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /churches/:id/translation-engines: the engines (keys masked) and how each has been doing. */
export async function getEngines(ctx: AppContext, actor: Actor, churchId: string): Promise<TranslationEnginesResponse> {
  assertMayEdit(actor, churchId);
  const church = await loadChurch(ctx, churchId);
  // This process's latest calls first, so what a person just did shows at once.
  await usageMeterOf(ctx).flush();
  const rows = await loadEngineRows(ctx.db, churchId);
  const [healthRows, usageRows] = await Promise.all([
    ctx.db.select().from(translationEngineHealth).where(eq(translationEngineHealth.churchId, churchId)),
    ctx.db.select().from(translationUsage).where(and(eq(translationUsage.churchId, churchId), eq(translationUsage.weekStart, weekStartDate(church.timeZone)))),
  ]);
  const health: EngineHealth[] = rows.map((row) => {
    const h = healthRows.find((r) => r.slot === row.slot && r.kind === row.kind);
    const week = usageRows.filter((u) => u.engine === row.kind);
    return {
      slot: row.slot, kind: row.kind,
      recentLatencyMs: h?.latencyMs ?? null,
      lastOkAt: h?.lastOkAt?.toISOString() ?? null,
      lastError: h?.lastError ?? null,
      lastErrorAt: h?.lastErrorAt?.toISOString() ?? null,
      requestsThisWeek: week.reduce((n, u) => n + u.requests, 0),
      failuresThisWeek: week.reduce((n, u) => n + u.failures, 0),
    };
  });
  return { engines: rows.map((r) => toSettings(ctx, r)), health };
}

/**
 * The engine a body describes, with its key: the one sent, else the one stored for the same
 * engine in that place (keys are write-only), else none.
 */
function specFrom(ctx: AppContext, body: EngineConfig, stored: EngineRow | undefined): EngineSpec {
  const storedKey = stored && stored.kind === body.kind ? ctx.secrets.decryptOrNull(stored.keyEnc) : null;
  const removeKey = 'removeKey' in body && body.removeKey === true;
  const key = body.key ? body.key : removeKey ? null : storedKey;
  switch (body.kind) {
    case 'azure':
      return { kind: 'azure', url: body.endpoint ? body.endpoint.replace(/\/+$/, '') : null, region: body.region, model: null, key };
    case 'deepl':
    case 'google':
      return { kind: body.kind, url: null, region: null, model: null, key };
    case 'libretranslate':
      return { kind: 'libretranslate', url: body.url.replace(/\/+$/, ''), region: null, model: null, key };
    case 'openai':
      return { kind: 'openai', url: body.url.replace(/\/+$/, ''), region: null, model: body.model, key };
  }
}

function sameAsStored(ctx: AppContext, spec: EngineSpec, stored: EngineRow | undefined): boolean {
  if (!stored || stored.kind !== spec.kind) return false;
  return stored.url === spec.url && stored.region === spec.region && stored.model === spec.model && ctx.secrets.decryptOrNull(stored.keyEnc) === spec.key;
}

/**
 * PUT /churches/:id/translation-engines/:slot. The engine is tested first: one that fails is
 * refused (422 `engine_test_failed`, the engine's words in `detail`) unless `saveUntested` says
 * the person saw the error and saves it anyway (decision 033).
 */
export async function saveEngine(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot, body: SaveEngineBody & EngineConfig): Promise<TranslationEnginesResponse> {
  assertMayEdit(actor, churchId);
  await loadChurch(ctx, churchId);
  const rows = await loadEngineRows(ctx.db, churchId);
  if (slot === 'failover' && !rows.some((r) => r.slot === 'primary')) {
    throw new AppError('engine_primary_first', 400, 'Choose the first engine before a second one');
  }
  const stored = rows.find((r) => r.slot === slot);
  const spec = await checkedSpec(ctx, body, stored);
  if (sameAsStored(ctx, spec, stored)) throw noChanges();

  let tested: EngineTestResult | null = null;
  if (!body.saveUntested) {
    tested = await testEngine(ctx, churchId, spec);
    if (!tested.ok) throw new AppError('engine_test_failed', 422, tested.error?.message ?? 'The engine did not translate the sample line');
  }
  await storeEngine(ctx.db, churchId, slot, { kind: spec.kind, url: spec.url, region: spec.region, model: spec.model, keyEnc: spec.key ? ctx.secrets.encrypt(spec.key) : null });
  await forgetHealth(ctx, churchId, slot);
  // Never the key, not even masked: which engine, where, and whether it passed its test.
  await auditChurchChange(ctx.db, actor, churchId, 'church.translation_engine.save', { slot, kind: spec.kind, tested: tested ? 'passed' : 'saved untested' });
  invalidateChurchProviders(ctx, churchId);
  return getEngines(ctx, actor, churchId);
}

/** DELETE /churches/:id/translation-engines/:slot. Removing the first engine makes the second the first. */
export async function removeEngine(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot): Promise<TranslationEnginesResponse> {
  assertMayEdit(actor, churchId);
  const rows = await loadEngineRows(ctx.db, churchId);
  const stored = rows.find((r) => r.slot === slot);
  if (!stored) throw notFound('Translation engine');
  await deleteEngine(ctx.db, churchId, slot);
  const second = rows.find((r) => r.slot === 'failover');
  if (slot === 'primary' && second) {
    await deleteEngine(ctx.db, churchId, 'failover');
    await storeEngine(ctx.db, churchId, 'primary', { kind: second.kind, url: second.url, region: second.region, model: second.model, keyEnc: second.keyEnc });
    await forgetHealth(ctx, churchId, 'failover');
  }
  await forgetHealth(ctx, churchId, slot);
  await auditChurchChange(ctx.db, actor, churchId, 'church.translation_engine.remove', { slot, kind: stored.kind });
  invalidateChurchProviders(ctx, churchId);
  return getEngines(ctx, actor, churchId);
}

/** POST /churches/:id/translation-engines/test: unsaved values; a key left out is the stored one. */
export async function testEngineSettings(ctx: AppContext, actor: Actor, churchId: string, body: TestEngineBody & EngineConfig & { slot: EngineSlot }): Promise<EngineTestResult> {
  const { stored } = await engineInSlot(ctx, actor, churchId, body.slot, loadEngineRows);
  return testEngine(ctx, churchId, await checkedSpec(ctx, body, stored));
}

/** The engine a body describes, once its key and address pass (decision 041); nothing has been sent yet. */
async function checkedSpec(ctx: AppContext, body: EngineConfig, stored: EngineRow | undefined): Promise<EngineSpec> {
  const spec = specFrom(ctx, body, stored);
  await assertEngineAddress(ctx, stored, body, spec.url, { field: spec.kind === 'azure' ? 'endpoint' : 'url', overridden: translationOverride(ctx.config, spec.kind) !== undefined });
  if (engineNeedsKey(spec.kind) && !spec.key) throw new AppError('validation', 400, 'Some fields are not valid', [fieldError('key', 'required')]);
  return spec;
}

/** Errors of the engine that was in a slot say nothing about the one saved now. */
async function forgetHealth(ctx: AppContext, churchId: string, slot: EngineSlot): Promise<void> {
  const meter = usageMeterOf(ctx);
  await meter.flush();
  meter.forget(churchId, slot);
  await ctx.db.delete(translationEngineHealth).where(and(eq(translationEngineHealth.churchId, churchId), eq(translationEngineHealth.slot, slot)));
}
