import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { churches } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { notFound } from '../lib/errors';
import { AzureSpeechTokenIssuer } from './speech/azure-token';
import { AzureSpeechSynthesizer } from './speech/azure-tts';
import type { SpeechSynthesizer, SpeechTokenIssuer } from './speech/speech';
import { AzureTranslator } from './translation/azure-translator';
import { DemoTranslator } from './translation/demo-translator';
import { measuredTranslator } from './translation/measured-translator';
import type { Translator } from './translation/translator';

/** What the live pipeline and the speech token route use for one church. */
export interface ChurchProviders {
  translator: Translator;
  /** null: the church has no speech key; listeners use their device's own voice. */
  synthesizer: SpeechSynthesizer | null;
  /** null: the church has no speech key; the speaker's browser uses the Web Speech API. */
  tokenIssuer: SpeechTokenIssuer | null;
  translatorKind: 'azure' | 'demo';
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
      translatorEndpoint: churches.translatorEndpoint,
      translatorKeyEnc: churches.translatorKeyEnc,
      translatorLocation: churches.translatorLocation,
    })
    .from(churches)
    .where(eq(churches.id, churchId))
    .limit(1);
  if (!row) {
    cache.delete(churchId);
    throw notFound('Church');
  }

  const speechKey = decryptOrNull(ctx, row.speechKeyEnc, churchId, 'speech key');
  const translatorKey = decryptOrNull(ctx, row.translatorKeyEnc, churchId, 'translator key');
  const fingerprint = sha256(JSON.stringify([speechKey, row.speechLocation, translatorKey, row.translatorEndpoint, row.translatorLocation]));
  if (hit && hit.fingerprint === fingerprint) {
    hit.loadedAt = Date.now();
    return hit.providers;
  }

  const engine: Translator = translatorKey
    ? new AzureTranslator({
        key: translatorKey,
        region: row.translatorLocation,
        endpoint: row.translatorEndpoint,
        baseUrlOverride: ctx.config.AZURE_TRANSLATOR_ENDPOINT,
      })
    : demoTranslator;
  const translator = measuredTranslator(engine, ctx.metrics);
  // Speech needs its region: both the token and the voice endpoints are regional.
  const region = speechKey ? row.speechLocation : null;
  const speech = speechKey && region ? { key: speechKey, region, hostOverride: ctx.config.AZURE_SPEECH_HOST } : null;
  const providers: ChurchProviders = {
    translator,
    translatorKind: translator.kind,
    synthesizer: speech ? new AzureSpeechSynthesizer(speech) : null,
    tokenIssuer: speech ? new AzureSpeechTokenIssuer(speech) : null,
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
