import { z } from 'zod';
import { azureRegionField, secretField, translatorEndpointField } from './church-settings';
import { engineSlots, translationEngineKinds, type TranslationEngineKind } from './translation-engine-kinds';
import { msg } from './validation';

/**
 * A church's translation engines (decision 033): a first engine and an optional second one used
 * when the first fails, each with its own fields. Keys are write-only (masked when read back) and
 * encrypted at rest. Saving tests the engine first: one that fails its test is refused with 422
 * `engine_test_failed` unless the body says `saveUntested` (the screen asks first, with the error).
 *
 * Endpoints (all under /api/v1, church:edit — platform admins any church, church admins their own):
 *   GET    /churches/:id/translation-engines            → translationEnginesResponse
 *   PUT    /churches/:id/translation-engines/:slot      saveEngineBody → translationEnginesResponse
 *   DELETE /churches/:id/translation-engines/:slot      → translationEnginesResponse
 *   POST   /churches/:id/translation-engines/test       testEngineBody → engineTestResult
 *   GET    /analytics/translation-usage?churchId&weeks  → translationUsageResponse (see below)
 */

/**
 * An http(s) address of the church's own server (LibreTranslate, a model server). Only its shape
 * is checked here: which addresses the server may reach (never a cloud metadata service, nothing
 * inside unless the operator allows it) is the server's rule, answered on this field as
 * `addressNotAllowed` for every refused address alike (decisions 041 and 051).
 */
export const serverUrlField = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(300, msg('tooLong'))
  .refine((v) => {
    const m = /^https?:\/\/([^\s/?#@]+?)(?::\d{1,5})?(?:\/[^\s?#]*)?$/i.exec(v);
    return m !== null;
  }, msg('engineUrlInvalid'));

const modelField = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(120, msg('tooLong'))
  .refine((v) => /^[\w.:/@+-]+$/.test(v), msg('engineModelInvalid'));

/** '' or omitted keeps the key stored for the same engine in that place. */
const keyField = secretField.optional();

const azureEngine = z.object({
  kind: z.literal('azure'),
  key: keyField,
  /** A region, or 'global' for a global single-service resource. */
  region: azureRegionField.refine((v) => v !== '', msg('required')),
  /** '' = Azure's global endpoint. */
  endpoint: translatorEndpointField.optional(),
});
/** DeepL: the host follows the key (a free key ends in ':fx' and uses the free host). */
const deeplEngine = z.object({ kind: z.literal('deepl'), key: keyField });
/** Google Cloud Translation, basic edition (v2), with an API key. */
const googleEngine = z.object({ kind: z.literal('google'), key: keyField });
/** LibreTranslate, usually the church's own server; a key only if that server asks for one. */
const libreEngine = z.object({ kind: z.literal('libretranslate'), url: serverUrlField, key: keyField, removeKey: z.boolean().optional() });
/** An OpenAI-compatible chat-completions server (OpenAI, Azure OpenAI, Ollama, vLLM). */
const openaiEngine = z.object({
  kind: z.literal('openai'),
  /** The API's base, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  url: serverUrlField,
  model: modelField,
  key: keyField,
  removeKey: z.boolean().optional(),
});

export const engineConfig = z.discriminatedUnion('kind', [azureEngine, deeplEngine, googleEngine, libreEngine, openaiEngine], {
  error: msg('invalidChoice'),
});
export type EngineConfig = z.infer<typeof engineConfig>;
export type EngineConfigInput = z.input<typeof engineConfig>;

export const engineSlotParams = z.object({ id: z.string().uuid(), slot: z.enum(engineSlots) });

/** PUT /churches/:id/translation-engines/:slot */
export const saveEngineBody = z.intersection(engineConfig, z.object({
  /** Save even though Test connection failed (the person saw the error and chose to). */
  saveUntested: z.boolean().optional(),
}));
export type SaveEngineBody = z.input<typeof saveEngineBody>;

/** POST /churches/:id/translation-engines/test: unsaved values; a key left out is the one stored in `slot`. */
export const testEngineBody = z.intersection(engineConfig, z.object({ slot: z.enum(engineSlots).default('primary') }));
export type TestEngineBody = z.input<typeof testEngineBody>;

export const engineSettings = z.object({
  slot: z.enum(engineSlots),
  kind: z.enum(translationEngineKinds),
  /** Azure's custom endpoint, LibreTranslate's or the model server's address; null otherwise. */
  url: z.string().nullable(),
  /** Azure's region. */
  region: z.string().nullable(),
  /** The model's name (OpenAI-compatible engine). */
  model: z.string().nullable(),
  hasKey: z.boolean(),
  /** Last four characters only. */
  key: z.string().nullable(),
  updatedAt: z.string(),
});
export type EngineSettings = z.infer<typeof engineSettings>;

/**
 * Why a call failed, in words the screen translates. `message` is the server's own plain words for
 * the kind and status, never the engine's reply (decision 041): `not_allowed` an address on an
 * internal network, `redirect` an answer pointing elsewhere (not followed), `too_large` an answer
 * past its kind's size.
 */
export const engineErrorKinds = ['auth', 'quota', 'rate_limited', 'unreachable', 'timeout', 'server', 'refused', 'bad_answer', 'unsupported_language', 'not_installed', 'not_allowed', 'redirect', 'too_large'] as const;
export type EngineErrorKind = (typeof engineErrorKinds)[number];
export const engineError = z.object({ kind: z.enum(engineErrorKinds), status: z.number().int().nullable(), message: z.string() });
export type EngineError = z.infer<typeof engineError>;

/** How an engine has been doing (Manage Church): the last calls on any server process. */
export const engineHealth = z.object({
  slot: z.enum(engineSlots),
  kind: z.enum(translationEngineKinds),
  /** Median time of the recent calls that succeeded, in ms; null before any. */
  recentLatencyMs: z.number().int().nullable(),
  lastOkAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** This week (Monday 00:00 in the church's time zone): requests and those that failed for good. */
  requestsThisWeek: z.number().int(),
  failuresThisWeek: z.number().int(),
});
export type EngineHealth = z.infer<typeof engineHealth>;

export const translationEnginesResponse = z.object({
  engines: z.array(engineSettings),
  health: z.array(engineHealth),
});
export type TranslationEnginesResponse = z.infer<typeof translationEnginesResponse>;

export const engineTestResult = z.object({
  ok: z.boolean(),
  kind: z.enum(translationEngineKinds),
  latencyMs: z.number().int(),
  /** The sample line and what the engine made of it (null when it failed). */
  sample: z.object({ from: z.string(), to: z.string(), text: z.string(), translation: z.string().nullable() }),
  error: engineError.nullable(),
  /** The church's listening languages this engine cannot translate into (they go to the other engine). */
  missingLanguages: z.array(z.string()),
});
export type EngineTestResult = z.infer<typeof engineTestResult>;

// --- cost view ------------------------------------------------------------------------------------

export const translationUsageQuery = z.object({
  /** Platform admins: one church (all when omitted). Others: their own church whatever is sent. */
  churchId: z.string().uuid({ error: msg('invalidChoice') }).optional(),
  /** How many weeks back, this one included. */
  weeks: z.coerce.number().int().min(1).max(26).default(8),
});
export type TranslationUsageQuery = z.input<typeof translationUsageQuery>;

export const translationUsageRow = z.object({
  churchId: z.string().uuid(),
  churchName: z.string(),
  /** The week's Monday (YYYY-MM-DD) in the church's time zone. */
  weekStart: z.string(),
  engine: z.enum(translationEngineKinds),
  /** Characters sent (every target counted, as the engines bill), or the model's tokens. */
  unit: z.enum(['characters', 'tokens']),
  partialUnits: z.number().int(),
  finalUnits: z.number().int(),
  requests: z.number().int(),
  failures: z.number().int(),
});
export type TranslationUsageRow = z.infer<typeof translationUsageRow>;

/** A sermon's use of one engine, as the cost view lists it per sermon. */
const sermonUsageRow = z.object({
  sermonId: z.string().uuid(),
  churchId: z.string().uuid(),
  churchName: z.string(),
  startedAt: z.string(),
  engine: z.string(),
  failures: z.number().int(),
});

/**
 * Minutes of the speaker's audio each recognition engine heard, per sermon (decision 038): engines
 * bill per minute streamed, a replay after a failover included. The screen adds them up per month.
 */
export const recognitionUsageRow = sermonUsageRow.extend({ minutes: z.number() });
export type RecognitionUsageRow = z.infer<typeof recognitionUsageRow>;

/** Synthesis per sermon and engine (decision 040): engines bill per character. */
export const voiceUsageRow = sermonUsageRow.extend({ characters: z.number().int() });
export type VoiceUsageRow = z.infer<typeof voiceUsageRow>;

export const translationUsageResponse = z.object({
  rows: z.array(translationUsageRow),
  recognition: z.array(recognitionUsageRow),
  /** Characters each voice engine spoke per sermon (decision 040). */
  voice: z.array(voiceUsageRow),
});
export type TranslationUsageResponse = z.infer<typeof translationUsageResponse>;

/** Whether an engine needs a key to work at all (LibreTranslate and model servers may not). */
export function engineNeedsKey(kind: TranslationEngineKind): boolean {
  return kind === 'azure' || kind === 'deepl' || kind === 'google';
}
