import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { churches } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { notFound } from '../lib/errors';
import { AzureSpeechTokenIssuer } from './speech/azure-token';
import { EngineVoice } from './speech/church-voice';
import type { ChurchVoice, SpeechTokenIssuer } from './speech/speech';
import { voiceEngineStore, voiceEnginesOf, type AzureSpeech } from './speech/voice-engines';
import { voiceUsageOf } from './speech/voice-usage';
import type { TranslatorKind } from '@app/shared';
import { ChurchTranslator, type SlotEngine } from './translation/church-translator';
import { DemoTranslator } from './translation/demo-translator';
import { buildTranslator, loadEngineRows } from './translation/engine-store';
import { measuredTranslator } from './translation/measured-translator';
import { usageMeterOf } from './translation/usage-meter';

/** What the live pipeline and the speech token route use for one church. */
export interface ChurchProviders {
  /** The church's engines behind one call: first, then second on failure (decision 033); the demo with none. */
  translator: ChurchTranslator;
  /**
   * The church's voice engines behind one call, the second taking over when the first fails
   * (decision 040); Azure alone for a church with a speech key and no voice engines; null with
   * neither: listeners use their device's own voice.
   */
  synthesizer: ChurchVoice | null;
  /** null: the church has no speech key; the speaker's browser uses the Web Speech API. */
  tokenIssuer: SpeechTokenIssuer | null;
  /** The church's speech key and region (Live settings): Azure recognition on the server uses them too (decision 038). */
  azureSpeech: AzureSpeech | null;
  translatorKind: TranslatorKind;
  speechRegion: string | null;
}

/**
 * How long a church's settings are trusted before the database is read again. Settings routes
 * invalidate at once in this process; the short expiry covers other processes behind a balancer.
 */
const REFRESH_MS = 30_000;

interface Entry {
  /** Hash of the decrypted settings: unchanged settings keep their provider instances (and token cache). */
  fingerprint: string;
  providers: ChurchProviders;
  loadedAt: number;
}

const caches = new WeakMap<AppContext, Map<string, Entry>>();
const demoTranslator = new DemoTranslator();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

function decryptOrNull(ctx: AppContext, box: string | null, churchId: string, what: string): string | null {
  const plain = ctx.secrets.decryptOrNull(box);
  // A key encrypted under another SECRETS_KEY: act as if unset rather than fail every sermon, but say so.
  if (box && plain === null) ctx.log.warn({ churchId }, `church ${what} could not be decrypted; ignoring it`);
  return plain;
}

/** The church's translator, synthesizer and token issuer, built from its own keys (cached briefly). */
export async function providersForChurch(ctx: AppContext, churchId: string): Promise<ChurchProviders> {
  const cache = cacheOf(ctx);
  const hit = cache.get(churchId);
  if (hit && Date.now() - hit.loadedAt < REFRESH_MS) return hit.providers;

  const [row] = await ctx.db
    .select({
      speechKeyEnc: churches.speechKeyEnc,
      speechLocation: churches.speechLocation,
      timeZone: churches.timeZone,
    })
    .from(churches)
    .where(eq(churches.id, churchId))
    .limit(1);
  if (!row) {
    cache.delete(churchId);
    throw notFound('Church');
  }

  const speechKey = decryptOrNull(ctx, row.speechKeyEnc, churchId, 'speech key');
  const engineSpecs = (await loadEngineRows(ctx.db, churchId)).map((e) => ({
    slot: e.slot, kind: e.kind, url: e.url, region: e.region, model: e.model, key: decryptOrNull(ctx, e.keyEnc, churchId, `${e.kind} key`),
  }));
  const voiceSpecs = (await voiceEngineStore.load(ctx.db, churchId)).map((e) => ({
    slot: e.slot, kind: e.kind, url: e.url, model: e.model, key: decryptOrNull(ctx, e.keyEnc, churchId, `${e.kind} voice key`),
  }));
  const fingerprint = sha256(JSON.stringify([speechKey, row.speechLocation, row.timeZone, engineSpecs, voiceSpecs]));
  if (hit && hit.fingerprint === fingerprint) {
    hit.loadedAt = Date.now();
    return hit.providers;
  }

  // An engine that needs a key whose key no longer decrypts is left out, as if unset. Each engine
  // is counted at /metrics under its own kind (decision 035).
  const engines: SlotEngine[] = engineSpecs
    .filter((e) => e.key !== null || e.kind === 'libretranslate' || e.kind === 'openai')
    .map((e) => ({ slot: e.slot, translator: measuredTranslator(buildTranslator(ctx, e), ctx.metrics) }));
  const church = { id: churchId, timeZone: row.timeZone };
  const translator = engines.length > 0
    ? new ChurchTranslator(engines, church, usageMeterOf(ctx))
    : new ChurchTranslator([{ slot: 'primary', translator: measuredTranslator(demoTranslator, ctx.metrics) }], church, null);
  // Speech needs its region: both the token and the voice endpoints are regional.
  const region = speechKey ? row.speechLocation : null;
  const speech = speechKey && region ? { key: speechKey, region, hostOverride: ctx.config.AZURE_SPEECH_HOST } : null;
  // No voice engines chosen: Azure with the speech key, as before there were voice engines.
  const voices = voiceEnginesOf(ctx, voiceSpecs.length > 0 ? voiceSpecs : speech ? [{ slot: 'primary', kind: 'azure', url: null, model: null, key: null }] : [], speech);
  const providers: ChurchProviders = {
    translator,
    translatorKind: translator.kind,
    synthesizer: voices.length > 0 ? new EngineVoice(voices, voiceUsageOf(ctx).reportFor(churchId, row.timeZone)) : null,
    tokenIssuer: speech ? new AzureSpeechTokenIssuer(speech) : null,
    azureSpeech: speech,
    speechRegion: speech ? speech.region : null,
  };
  cache.set(churchId, { fingerprint, providers, loadedAt: Date.now() });
  return providers;
}

/** Forget a church's providers at once (its settings changed). */
export function invalidateChurchProviders(ctx: AppContext, churchId: string): void {
  const entry = cacheOf(ctx).get(churchId);
  // Kept, only marked stale: when the keys did not change, its instances (and token) are reused.
  if (entry) entry.loadedAt = 0;
}
