import { z } from 'zod';
import { secretField } from './church-settings';
import { saveSlotEngineBody, slotEngineHealth, slotEngineParams, slotEngineSettings, testSlotEngineBody } from './engine-slots';
import { engineError, serverUrlField } from './translation-engines';
import { msg } from './validation';

/**
 * The engines that make the listeners' voice (decision 040): a first one and a second one that
 * takes over when the first fails. Every engine's audio enters the one voice stream and its pacing
 * (decision 039). A church with none keeps Azure when it has a speech key (Live settings), else the
 * phone's own voice.
 *
 * Endpoints (under /api/v1, church:edit — platform admins any church, church admins their own;
 * another church answers 404):
 *   GET    /churches/:id/voice-engines          → voiceEnginesResponse
 *   PUT    /churches/:id/voice-engines/:slot    saveVoiceEngineBody → voiceEnginesResponse
 *   DELETE /churches/:id/voice-engines/:slot    → voiceEnginesResponse
 *   POST   /churches/:id/voice-engines/test     testVoiceEngineBody → voiceTestResult
 */
export const voiceEngineKinds = ['openai', 'google', 'espeak', 'azure'] as const;
export type VoiceEngineKind = (typeof voiceEngineKinds)[number];

const keyField = secretField.optional();
const modelField = z.string().trim().max(120, msg('tooLong')).refine((v) => v === '' || /^[\w.:/@+-]+$/.test(v), msg('engineModelInvalid')).optional();

export const voiceEngineConfig = z.discriminatedUnion('kind', [
  /** `/v1/audio/speech`: OpenAI, or a self-hosted Kokoro or Piper server that speaks it. */
  z.object({ kind: z.literal('openai'), url: serverUrlField, model: modelField, key: keyField, removeKey: z.boolean().optional() }),
  /** Google Cloud Text-to-Speech with an API key. */
  z.object({ kind: z.literal('google'), key: keyField }),
  /** eSpeak NG, a program on the server: no service, no key. */
  z.object({ kind: z.literal('espeak') }),
  /** Azure Speech with the church's speech key (Live settings). */
  z.object({ kind: z.literal('azure') }),
], { error: msg('invalidChoice') });
export type VoiceEngineConfig = z.infer<typeof voiceEngineConfig>;
export type VoiceEngineConfigInput = z.input<typeof voiceEngineConfig>;

export const voiceSlotParams = slotEngineParams;
export const saveVoiceEngineBody = saveSlotEngineBody(voiceEngineConfig);
export type SaveVoiceEngineBody = z.input<typeof saveVoiceEngineBody>;
export const testVoiceEngineBody = testSlotEngineBody(voiceEngineConfig);
export type TestVoiceEngineBody = z.input<typeof testVoiceEngineBody>;

export const voiceEngineSettings = slotEngineSettings(voiceEngineKinds);
export type VoiceEngineSettings = z.infer<typeof voiceEngineSettings>;

export const voiceEngineHealth = slotEngineHealth(voiceEngineKinds, {
  /** This week: characters spoken, and the pieces this engine failed (the other engine said them). */
  charactersThisWeek: z.number().int(),
  failuresThisWeek: z.number().int(),
});
export type VoiceEngineHealth = z.infer<typeof voiceEngineHealth>;

export const voiceEnginesResponse = z.object({
  engines: z.array(voiceEngineSettings),
  health: z.array(voiceEngineHealth),
});
export type VoiceEnginesResponse = z.infer<typeof voiceEnginesResponse>;

export const voiceTestResult = z.object({
  ok: z.boolean(),
  kind: z.enum(voiceEngineKinds),
  latencyMs: z.number().int(),
  /** Seconds of audio the sample sentence made (0 when it failed). */
  seconds: z.number(),
  error: engineError.nullable(),
});
export type VoiceTestResult = z.infer<typeof voiceTestResult>;

/** Whether a kind needs a key of its own in the card (Azure's is the church's speech key). */
export function voiceEngineNeedsKey(kind: VoiceEngineKind): boolean {
  return kind === 'google';
}

/**
 * Which engine a configured voice id belongs to. A language's female and male voice stay one id
 * each, as before: Azure and Google names as the engines spell them (`pt-BR-FranciscaNeural`,
 * `pt-BR-Standard-A`), the others with their engine in front (`openai:nova`, `espeak:pt-br+f3`).
 * An engine given another engine's voice speaks with its own default for that language and gender.
 */
export function voiceOwner(voiceId: string): VoiceEngineKind {
  const prefixed = /^(openai|google|espeak|azure):/.exec(voiceId);
  if (prefixed) return prefixed[1] as VoiceEngineKind;
  if (/^[a-z]{2,3}-[A-Z]{2}-(Standard|Wavenet|Neural2|News|Studio|Polyglot|Journey|Chirp)/.test(voiceId)) return 'google';
  return 'azure';
}
