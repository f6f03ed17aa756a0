import { and, eq } from 'drizzle-orm';
import type {
  EngineSlot, SaveVoiceEngineBody, TestVoiceEngineBody, VoiceEngineConfig, VoiceEngineHealth, VoiceEnginesResponse, VoiceTestResult,
} from '@app/shared';
import type { AppContext } from '../../context';
import { churches, voiceUsage } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { invalidateChurchProviders } from '../../providers/church-providers';
import type { SlotRow } from '../../providers/engine-slots-store';
import { voiceEngineStore, type AzureSpeech, type VoiceSpec } from '../../providers/speech/voice-engines';
import { voiceUsageOf } from '../../providers/speech/voice-usage';
import { weekStartDate } from '../../providers/translation/usage-meter';
import { auditChurchChange } from './audit';
import { assertEngineAddress } from './engine-address';
import { assertFirstBeforeSecond, assertMayEdit, engineInSlot, isUnchanged, keyOfBody, keyRequired, maskedSlotSettings } from './slot-engines';
import { loadChurch, noChanges } from './settings-service';
import { testVoice } from './voice-engine-test';

type VoiceRow = SlotRow<VoiceSpec['kind']>;

/** GET /churches/:id/voice-engines: the engines (keys masked) and how each has been doing this week. */
export async function getVoiceEngines(ctx: AppContext, actor: Actor, churchId: string): Promise<VoiceEnginesResponse> {
  assertMayEdit(actor, churchId);
  const church = await loadChurch(ctx, churchId);
  // What this process spoke in the last seconds shows at once.
  await voiceUsageOf(ctx).flush();
  const rows = await voiceEngineStore.load(ctx.db, churchId);
  const usage = await ctx.db.select().from(voiceUsage).where(and(eq(voiceUsage.churchId, churchId), eq(voiceUsage.weekStart, weekStartDate(church.timeZone))));
  const health: VoiceEngineHealth[] = rows.map((r) => {
    const week = usage.filter((u) => u.engine === r.kind);
    return {
      slot: r.slot, kind: r.kind,
      lastOkAt: r.lastOkAt?.toISOString() ?? null, lastError: r.lastError, lastErrorAt: r.lastErrorAt?.toISOString() ?? null,
      charactersThisWeek: week.reduce((n, u) => n + u.characters, 0),
      failuresThisWeek: week.reduce((n, u) => n + u.failures, 0),
    };
  });
  return { engines: rows.map((r) => maskedSlotSettings(ctx, r)), health };
}

/** The settings a body describes; a key left out is the one stored for the same engine in that place. */
function specFrom(ctx: AppContext, body: VoiceEngineConfig, stored: VoiceRow | undefined): VoiceSpec {
  switch (body.kind) {
    case 'openai':
      return { kind: 'openai', url: body.url.replace(/\/+$/, ''), model: body.model || null, key: keyOfBody(ctx, body, stored) };
    case 'google':
      return { kind: 'google', url: null, model: null, key: keyOfBody(ctx, body, stored) };
    case 'espeak':
    case 'azure':
      return { kind: body.kind, url: null, model: null, key: null };
  }
}

/** The church's Azure speech key and region (Live settings), which an Azure voice engine uses. */
async function azureSpeechOf(ctx: AppContext, churchId: string): Promise<AzureSpeech | null> {
  const [row] = await ctx.db.select({ keyEnc: churches.speechKeyEnc, region: churches.speechLocation }).from(churches).where(eq(churches.id, churchId)).limit(1);
  const key = ctx.secrets.decryptOrNull(row?.keyEnc ?? null);
  return key && row?.region ? { key, region: row.region, hostOverride: ctx.config.AZURE_SPEECH_HOST } : null;
}

async function checked(ctx: AppContext, churchId: string, spec: VoiceSpec): Promise<VoiceTestResult> {
  if (spec.kind === 'google' && !spec.key) throw keyRequired();
  const azure = spec.kind === 'azure' ? await azureSpeechOf(ctx, churchId) : null;
  if (spec.kind === 'azure' && !azure) throw new AppError('speech_key_missing', 400, 'Add the church\'s Azure speech key in Live settings first');
  return testVoice(ctx, churchId, spec, azure);
}

/** PUT /churches/:id/voice-engines/:slot: tested before it is saved, as the other engines are (decision 033). */
export async function saveVoiceEngine(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot, body: SaveVoiceEngineBody & VoiceEngineConfig): Promise<VoiceEnginesResponse> {
  const { rows, stored } = await engineInSlot(ctx, actor, churchId, slot, voiceEngineStore.load);
  assertFirstBeforeSecond(rows, slot);
  const spec = specFrom(ctx, body, stored);
  await assertEngineAddress(ctx, stored, body, spec.url);
  if (isUnchanged(ctx, stored, spec)) throw noChanges();
  let tested = false;
  if (!body.saveUntested) {
    const result = await checked(ctx, churchId, spec);
    if (!result.ok) throw new AppError('engine_test_failed', 422, result.error?.message ?? 'The engine did not speak');
    tested = true;
  }
  await voiceEngineStore.store(ctx.db, churchId, slot, { kind: spec.kind, url: spec.url, model: spec.model, keyEnc: spec.key ? ctx.secrets.encrypt(spec.key) : null });
  // Never the key, not even masked: which engine, and whether it passed its test.
  await auditChurchChange(ctx.db, actor, churchId, 'church.voice_engine.save', { slot, kind: spec.kind, tested: tested ? 'passed' : 'saved untested' });
  invalidateChurchProviders(ctx, churchId);
  return getVoiceEngines(ctx, actor, churchId);
}

/** DELETE /churches/:id/voice-engines/:slot: removing the first makes the second the first. */
export async function removeVoiceEngine(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot): Promise<VoiceEnginesResponse> {
  assertMayEdit(actor, churchId);
  const stored = await voiceEngineStore.removeAndPromote(ctx.db, churchId, slot);
  if (!stored) throw notFound('Voice engine');
  await auditChurchChange(ctx.db, actor, churchId, 'church.voice_engine.remove', { slot, kind: stored.kind });
  invalidateChurchProviders(ctx, churchId);
  return getVoiceEngines(ctx, actor, churchId);
}

/** POST /churches/:id/voice-engines/test: unsaved values; a key left out is the stored one. */
export async function testVoiceSettings(ctx: AppContext, actor: Actor, churchId: string, body: TestVoiceEngineBody & VoiceEngineConfig & { slot: EngineSlot }): Promise<VoiceTestResult> {
  const { stored } = await engineInSlot(ctx, actor, churchId, body.slot, voiceEngineStore.load);
  const spec = specFrom(ctx, body, stored);
  await assertEngineAddress(ctx, stored, body, spec.url);
  return checked(ctx, churchId, spec);
}
