import type { EngineSlot, VoiceEngineKind } from '@app/shared';
import type { AppContext } from '../../context';
import { outboundOf } from '../../lib/outbound/outbound-client';
import { churchVoiceEngines } from '../../db/schema';
import { slotEngineStore } from '../engine-slots-store';
import { AzureSpeechSynthesizer } from './azure-tts';
import { EspeakSynthesizer } from './espeak-tts';
import { GoogleSpeechSynthesizer } from './google-tts';
import { OpenAISpeechSynthesizer } from './openai-speech';
import type { SpeechSynthesizer } from './speech';
import type { SpeechHttpOptions } from './speech-http';

/** A church's voice engines as stored (decision 040), first then second; keys still encrypted. */
export const voiceEngineStore = slotEngineStore<VoiceEngineKind>(churchVoiceEngines);

/** A voice engine's settings with its key in clear (never logged). */
export interface VoiceSpec {
  kind: VoiceEngineKind;
  url: string | null;
  model: string | null;
  key: string | null;
}

/** The church's Azure speech key and region (Live settings): what an Azure voice engine speaks with. */
export interface AzureSpeech { key: string; region: string; hostOverride?: string }

/**
 * The engine for these settings, or null when it cannot speak at all (Azure without the church's
 * speech key, Google without its key). Test addresses come from the configuration.
 */
export function buildVoiceEngine(ctx: Pick<AppContext, 'config'>, spec: VoiceSpec, azure: AzureSpeech | null, http: SpeechHttpOptions = {}): SpeechSynthesizer | null {
  const c = ctx.config;
  // Through the outbound client (decision 041): a church's own address is checked, the operator's is not.
  const via = (trusted: boolean) => ({ ...http, fetch: http.fetch ?? outboundOf(c).fetchFor('voice', trusted) });
  switch (spec.kind) {
    case 'openai':
      return new OpenAISpeechSynthesizer({ ...via(false), url: spec.url ?? '', model: spec.model, key: spec.key });
    case 'google':
      return spec.key ? new GoogleSpeechSynthesizer({ ...via(c.GOOGLE_TTS_URL !== undefined), key: spec.key, baseUrlOverride: c.GOOGLE_TTS_URL }) : null;
    case 'espeak':
      return new EspeakSynthesizer({ command: c.ESPEAK_NG_PATH });
    case 'azure':
      return azure ? new AzureSpeechSynthesizer({ ...via(azure.hostOverride !== undefined), ...azure }) : null;
  }
}

/** The engines of a church's rows that can speak, keys decrypted (a key that no longer decrypts leaves its engine out). */
export function voiceEnginesOf(ctx: Pick<AppContext, 'config'>, specs: Array<VoiceSpec & { slot: EngineSlot }>, azure: AzureSpeech | null) {
  return specs.flatMap((s) => {
    const synthesizer = buildVoiceEngine(ctx, s, azure);
    return synthesizer ? [{ slot: s.slot, kind: s.kind, synthesizer }] : [];
  });
}
