import {
  type EngineSlot, type RecognitionEngineConfig, type RecognitionEngineHealth, type RecognitionEnginesResponse,
  type RecognitionTestResult, type SaveRecognitionEngineBody, type SpeakerRecognition, type TestRecognitionEngineBody,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { recognitionUsage } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { providersForChurch } from '../../providers/church-providers';
import {
  azureServerSpec, isServerKind, loadRecognitionRows, removeRecognitionEngineSlot, storeRecognitionEngine, type RecognitionRow,
} from '../../providers/recognition/engine-store';
import { weekStartDate } from '../../providers/translation/usage-meter';
import { auditChurchChange } from './audit';
import { assertEngineAddress } from './engine-address';
import { assertFirstBeforeSecond, assertMayEdit, engineInSlot, isUnchanged, keyOfBody, keyRequired, maskedSlotSettings } from './slot-engines';
import { testRecognition } from './recognition-test';
import { loadChurch, noChanges } from './settings-service';

/** What is stored for an engine: Azure's kinds keep no key (they use the church's speech key). */
interface RecognitionSpecRow { kind: RecognitionEngineConfig['kind']; url: string | null; model: string | null; key: string | null }

/** GET /churches/:id/recognition-engines: the engines (keys masked) and how each has been doing this week. */
export async function getRecognitionEngines(ctx: AppContext, actor: Actor, churchId: string): Promise<RecognitionEnginesResponse> {
  assertMayEdit(actor, churchId);
  const church = await loadChurch(ctx, churchId);
  const rows = await loadRecognitionRows(ctx.db, churchId);
  const usage = await ctx.db.select().from(recognitionUsage)
    .where(and(eq(recognitionUsage.churchId, churchId), eq(recognitionUsage.weekStart, weekStartDate(church.timeZone))));
  const health: RecognitionEngineHealth[] = rows.map((r) => {
    const week = usage.filter((u) => u.engine === r.kind);
    return {
      slot: r.slot, kind: r.kind,
      lastOkAt: r.lastOkAt?.toISOString() ?? null, lastError: r.lastError, lastErrorAt: r.lastErrorAt?.toISOString() ?? null,
      minutesThisWeek: Math.round(week.reduce((n, u) => n + u.seconds, 0) / 6) / 10,
      failuresThisWeek: week.reduce((n, u) => n + u.failures, 0),
    };
  });
  return { engines: rows.map((r) => maskedSlotSettings(ctx, r)), health };
}

/** The settings a body describes; a key left out is the one stored for the same engine in that place (keys are write-only). */
function specFrom(ctx: AppContext, body: RecognitionEngineConfig, stored: RecognitionRow | undefined): RecognitionSpecRow {
  if (body.kind === 'azure' || body.kind === 'azure-server') return { kind: body.kind, url: null, model: null, key: null };
  const key = keyOfBody(ctx, body, stored);
  if (body.kind === 'openai-realtime') return { kind: body.kind, url: body.url.replace(/\/+$/, ''), model: body.model || null, key };
  return { kind: body.kind, url: null, model: null, key };
}

/** The church's speech key and region (Live settings), which both Azure kinds need. */
async function speechKeyOf(ctx: AppContext, churchId: string) {
  const { azureSpeech } = await providersForChurch(ctx, churchId);
  if (!azureSpeech) throw new AppError('speech_key_missing', 400, 'Add the church\'s Azure speech key in Live settings first');
  return azureSpeech;
}

async function checked(ctx: AppContext, churchId: string, spec: RecognitionSpecRow): Promise<RecognitionTestResult> {
  if ((spec.kind === 'deepgram' || spec.kind === 'assemblyai') && !spec.key) throw keyRequired();
  if (spec.kind === 'azure' || spec.kind === 'azure-server') {
    // Azure listens with the church's speech key (Live settings): in the speaker's browser with a
    // token from it, or on the server, where Test connection opens a stream with it.
    const azureSpeech = await speechKeyOf(ctx, churchId);
    if (spec.kind === 'azure') return { ok: true, kind: 'azure', latencyMs: 0, boostedTerms: 0, error: null };
    return testRecognition(ctx, churchId, azureServerSpec(azureSpeech));
  }
  return testRecognition(ctx, churchId, { kind: spec.kind, url: spec.url, model: spec.model, key: spec.key, region: null });
}

/** PUT /churches/:id/recognition-engines/:slot: tested before it is saved, as translation engines are (decision 033). */
export async function saveRecognitionEngine(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot, body: SaveRecognitionEngineBody & RecognitionEngineConfig): Promise<RecognitionEnginesResponse> {
  const { rows, stored } = await engineInSlot(ctx, actor, churchId, slot, loadRecognitionRows);
  assertFirstBeforeSecond(rows, slot);
  const spec = specFrom(ctx, body, stored);
  await assertEngineAddress(ctx, stored, body, spec.url, { overridden: ctx.config.OPENAI_REALTIME_URL !== undefined });
  const other = rows.find((r) => r.slot !== slot);
  // Azure in the browser cannot be paired with an engine on the server (Azure on the server can):
  // one sermon cannot move between the browser and the server.
  if (other && (spec.kind === 'azure') !== (other.kind === 'azure')) throw new AppError('engine_mix', 400, 'Azure in the speaker\'s browser cannot be paired with an engine on the server');
  if (isUnchanged(ctx, stored, spec)) throw noChanges();
  let tested = false;
  if (body.saveUntested && spec.kind === 'azure-server') await speechKeyOf(ctx, churchId);
  if (!body.saveUntested || spec.kind === 'azure') {
    const result = await checked(ctx, churchId, spec);
    if (!result.ok) throw new AppError('engine_test_failed', 422, result.error?.message ?? 'The engine did not answer');
    tested = true;
  }
  await storeRecognitionEngine(ctx.db, churchId, slot, { kind: spec.kind, url: spec.url, model: spec.model, keyEnc: spec.key ? ctx.secrets.encrypt(spec.key) : null });
  await auditChurchChange(ctx.db, actor, churchId, 'church.recognition_engine.save', { slot, kind: spec.kind, tested: tested ? 'passed' : 'saved untested' });
  return getRecognitionEngines(ctx, actor, churchId);
}

/** DELETE /churches/:id/recognition-engines/:slot: removing the first makes the second the first. */
export async function removeRecognitionEngine(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot): Promise<RecognitionEnginesResponse> {
  assertMayEdit(actor, churchId);
  const stored = await removeRecognitionEngineSlot(ctx.db, churchId, slot);
  if (!stored) throw notFound('Recognition engine');
  await auditChurchChange(ctx.db, actor, churchId, 'church.recognition_engine.remove', { slot, kind: stored.kind });
  return getRecognitionEngines(ctx, actor, churchId);
}

/** POST /churches/:id/recognition-engines/test: unsaved values; a key left out is the stored one. */
export async function testRecognitionSettings(ctx: AppContext, actor: Actor, churchId: string, body: TestRecognitionEngineBody & RecognitionEngineConfig & { slot: EngineSlot }): Promise<RecognitionTestResult> {
  const { stored } = await engineInSlot(ctx, actor, churchId, body.slot, loadRecognitionRows);
  const spec = specFrom(ctx, body, stored);
  await assertEngineAddress(ctx, stored, body, spec.url, { overridden: ctx.config.OPENAI_REALTIME_URL !== undefined });
  return checked(ctx, churchId, spec);
}

/** GET /speech/recognition?churchId=: how the speaker's page recognises speech (no keys). */
export async function speakerRecognitionOf(ctx: AppContext, actor: Actor, churchId: string): Promise<SpeakerRecognition> {
  if (!canReachChurch(actor, 'sermons:go-live', churchId)) throw notFound('Church');
  const rows = await loadRecognitionRows(ctx.db, churchId);
  const engines = rows.map((r) => ({ slot: r.slot, kind: r.kind, failing: r.lastErrorAt !== null && (r.lastOkAt === null || r.lastErrorAt > r.lastOkAt) }));
  const { tokenIssuer, translator } = await providersForChurch(ctx, churchId);
  const translators = { primary: translator.kind, failover: translator.failoverKind };
  if (rows.some((r) => isServerKind(r.kind))) return { mode: 'server', engines, translator: translators };
  return { mode: tokenIssuer ? 'azure' : 'browser', engines, translator: translators };
}
