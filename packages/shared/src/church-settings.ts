import { z } from 'zod';
import { languageListKinds } from './enums';
import { findKnownLanguage } from './languages';
import { msg } from './validation';
import { translationEngineKinds, translatorKinds } from './translation-engine-kinds';

/**
 * Church live settings (spec sections 3, 5, 8): speech and translator credentials,
 * guests, time zone, weekly stream limit and the go-live / join-live language lists.
 *
 * Endpoints (all under /api/v1):
 *   GET    /churches/:id                          → churchDetails            (church:read)
 *   PATCH  /churches/:id/live-settings            liveSettingsBody → churchDetails (church:edit)
 *   PATCH  /churches/:id/stream-limit             streamLimitBody  → churchDetails (churches:set-stream-limit)
 *   GET    /churches/:id/languages                → churchLanguageLists      (church:read)
 *   POST   /churches/:id/languages                addChurchLanguageBody → 201 churchLanguage (church:edit)
 *   PATCH  /churches/:id/languages/:languageId    updateChurchLanguageBody → churchLanguage (church:edit)
 *   DELETE /churches/:id/languages/:languageId    → 204                      (church:edit)
 *   GET    /speech/token?churchId=                → speechTokenResponse      (sermons:go-live)
 *
 * A PATCH that changes nothing answers 400 with code `no_changes` ("No changes detected").
 * A language already in the same list answers 409 with code `conflict`.
 */


/** Languages per list: each join-live language can cost a translation target per segment. */
export const CHURCH_LANGUAGES_MAX = 30;

/** Longest weekly allowance accepted: a whole week of streaming. */
export const STREAM_LIMIT_MAX_MINUTES = 7 * 24 * 60;

/**
 * Azure regions that offer Speech and Translator, for pickers. The API accepts any well-formed
 * region name (Azure adds regions), see `azureRegionField`.
 */
export const azureRegions = [
  'australiaeast', 'australiasoutheast', 'brazilsouth', 'canadacentral', 'centralindia', 'centralus',
  'eastasia', 'eastus', 'eastus2', 'francecentral', 'germanywestcentral', 'japaneast', 'japanwest',
  'koreacentral', 'northcentralus', 'northeurope', 'norwayeast', 'qatarcentral', 'southafricanorth',
  'southcentralus', 'southeastasia', 'swedencentral', 'switzerlandnorth', 'switzerlandwest', 'uaenorth',
  'uksouth', 'westcentralus', 'westeurope', 'westus', 'westus2', 'westus3',
] as const;

/** Whether the runtime's Intl knows the IANA time zone (e.g. 'Australia/Sydney'). */
export function isValidTimeZone(timeZone: string): boolean {
  // Offsets and abbreviations ('+10:00', 'EST') are refused: weeks must follow daylight saving.
  if (!timeZone || (!timeZone.includes('/') && timeZone !== 'UTC')) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const REGION = /^[a-z][a-z0-9]{1,39}$/;
/** Azure voice names: `<locale>-<Name>`, e.g. `pt-BR-FranciscaNeural`, `zh-CN-henan-YundengNeural`. */
/** An Azure or Google voice name, or another engine's voice with its engine in front (decision 040). */
const VOICE_ID = /^(?:[a-z]{2,3}-[A-Za-z]{2,4}(?:-[A-Za-z0-9]+)+|(?:openai|google|espeak|azure):[\w.+-]{1,80})$/;
/** Translator language codes: `en`, `zh-Hans`, `pt-pt`, `sr-Cyrl`, `fr-ca`. */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

/** A region name, or '' (cleared). Lower-cased: Azure region names are. */
export const azureRegionField = z
  .string()
  .trim()
  .toLowerCase()
  .max(40, msg('tooLong'))
  .refine((v) => v === '' || REGION.test(v), msg('invalidChoice'));

/** A write-only secret: '' or omitted keeps the stored one. */
export const secretField = z.string().trim().max(200, msg('tooLong'));

/**
 * Azure's own Translator hosts (global, regional, resource endpoints, sovereign clouds). The server
 * sends the church's key and sermon text to this address, so it may not point anywhere else.
 */
const AZURE_TRANSLATOR_HOST = /(^|\.)(microsofttranslator\.(com|us)|cognitiveservices\.azure\.(com|us|cn)|translator\.azure\.cn)$/i;

/** Whether a URL is an https address on one of Azure's Translator hosts. */
export function isAzureTranslatorEndpoint(value: string): boolean {
  // Parsed by hand: shared code has no URL global (no DOM or Node types). No user info, no spaces.
  const host = /^https:\/\/([a-z0-9.-]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i.exec(value.trim())?.[1];
  return host !== undefined && AZURE_TRANSLATOR_HOST.test(host);
}

export const translatorEndpointField = z
  .string()
  .trim()
  .max(300, msg('tooLong'))
  .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), msg('urlInvalid'))
  .refine(
    (v) => v === '' || !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(v) || isAzureTranslatorEndpoint(v),
    msg('translatorEndpointInvalid'),
  );

export const voiceIdField = z
  .string()
  .trim()
  .max(100, msg('tooLong'))
  .refine((v) => v === '' || VOICE_ID.test(v), msg('voiceIdInvalid'));

// --- church details with live settings ------------------------------------------------------------

export const churchLiveSettings = z.object({
  speechLocation: z.string().nullable(),
  hasSpeechKey: z.boolean(),
  /** Masked (last 4 characters only), and only for people who may edit the church; else null. */
  speechKey: z.string().nullable(),
  /**
   * The church's first translation engine, or 'demo' when it has none: captions are labelled "demo
   * translation". The engines themselves: GET /churches/:id/translation-engines (decision 033).
   */
  translatorKind: z.enum(translatorKinds),
  /** The second (failover) engine, or null. */
  failoverKind: z.enum(translationEngineKinds).nullable(),
  guestsMayListen: z.boolean(),
  timeZone: z.string(),
  weeklyStreamLimitMinutes: z.number().int(),
  /** Charged minutes of sermons started since Monday 00:00 in the church's time zone (1 decimal). */
  minutesUsedThisWeek: z.number(),
  minutesLeftThisWeek: z.number(),
  /** ISO instant of this week's Monday 00:00 in the church's time zone. */
  weekStartsAt: z.string(),
});
export type ChurchLiveSettings = z.infer<typeof churchLiveSettings>;

export const churchDetails = z.object({
  id: z.string().uuid(),
  name: z.string(),
  address: z.string(),
  suburb: z.string(),
  state: z.string(),
  country: z.string(),
  contactNumber: z.string(),
  pastorName: z.string(),
  pastorPhone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The church photo, re-encoded and resized (PUT /churches/:id/image), or null. */
  imageUrl: z.string().nullable(),
  /** The standing join link `/l/{joinCode}` (docs/decisions/019). */
  joinCode: z.string(),
  /** Whether the signed-in person may change these settings (church admin of it, platform admin). */
  canEdit: z.boolean(),
  /** Whether the signed-in person may set the weekly stream limit (platform admin). */
  canSetStreamLimit: z.boolean(),
  liveSettings: churchLiveSettings,
});
export type ChurchDetails = z.infer<typeof churchDetails>;

export const churchIdParams = z.object({ id: z.string().uuid() });
export const churchLanguageParams = z.object({ id: z.string().uuid(), languageId: z.string().uuid() });

/**
 * PATCH /churches/:id/live-settings. Every field is optional; only sent fields change.
 * A key left empty or omitted keeps the stored key; `removeSpeechKey` clears it (the church then
 * uses the browser's speech). A stored key needs its location (spec section 5: key and location
 * required together). Translation engines have their own routes (translation-engines.ts).
 */
export const liveSettingsBody = z.object({
  speechKey: secretField.optional(),
  speechLocation: azureRegionField.optional(),
  removeSpeechKey: z.boolean().optional(),
  guestsMayListen: z.boolean().optional(),
  timeZone: z
    .string()
    .trim()
    .min(1, msg('required'))
    .max(64, msg('tooLong'))
    .refine(isValidTimeZone, msg('invalidChoice'))
    .optional(),
});
export type LiveSettingsBody = z.input<typeof liveSettingsBody>;

/** PATCH /churches/:id/stream-limit (platform admin). Spec section 5: stream limit required. */
export const streamLimitBody = z.object({
  weeklyStreamLimitMinutes: z
    .number({ error: msg('required') })
    .int(msg('wholeMinutes'))
    .min(0, msg('streamLimitRange'))
    .max(STREAM_LIMIT_MAX_MINUTES, msg('streamLimitRange')),
});
export type StreamLimitBody = z.infer<typeof streamLimitBody>;

// --- languages --------------------------------------------------------------------------------------

export const churchLanguage = z.object({
  id: z.string().uuid(),
  list: z.enum(languageListKinds),
  /** Translator code (also what listeners pick). */
  code: z.string(),
  name: z.string(),
  /** BCP-47 locale for recognition and SSML: the known language's, else the voice's. */
  locale: z.string().nullable(),
  rtl: z.boolean(),
  /** One of the seven listening languages the product knows (listeningLanguages). */
  isKnown: z.boolean(),
  maleVoiceId: z.string().nullable(),
  femaleVoiceId: z.string().nullable(),
});
export type ChurchLanguage = z.infer<typeof churchLanguage>;

export const churchLanguageLists = z.object({
  goLive: z.array(churchLanguage),
  joinLive: z.array(churchLanguage),
});
export type ChurchLanguageLists = z.infer<typeof churchLanguageLists>;

/**
 * POST /churches/:id/languages. A known language (listeningLanguages) may omit name and voices: the
 * known ones are used. A new language needs a name and at least one voice ID (spec section 5).
 */
export const addChurchLanguageBody = z
  .object({
    list: z.enum(languageListKinds, { error: msg('invalidChoice') }),
    code: z
      .string({ error: msg('required') })
      .trim()
      .min(1, msg('required'))
      .max(10, msg('tooLong'))
      .refine((v) => LANGUAGE_CODE.test(v), msg('invalidChoice')),
    name: z.string().trim().max(60, msg('tooLong')).optional(),
    maleVoiceId: voiceIdField.optional(),
    femaleVoiceId: voiceIdField.optional(),
  })
  .superRefine((body, ctx) => {
    if (findKnownLanguage(body.code)) return;
    if (!body.name) ctx.addIssue({ code: 'custom', path: ['name'], message: msg('required') });
    if (!body.maleVoiceId && !body.femaleVoiceId) {
      ctx.addIssue({ code: 'custom', path: ['femaleVoiceId'], message: msg('voiceIdRequired') });
    }
  });
export type AddChurchLanguageBody = z.input<typeof addChurchLanguageBody>;

/** PATCH /churches/:id/languages/:languageId. '' clears a voice; at least one voice must remain. */
export const updateChurchLanguageBody = z.object({
  name: z.string().trim().min(1, msg('required')).max(60, msg('tooLong')).optional(),
  maleVoiceId: voiceIdField.optional(),
  femaleVoiceId: voiceIdField.optional(),
});
export type UpdateChurchLanguageBody = z.input<typeof updateChurchLanguageBody>;

// --- speech token -----------------------------------------------------------------------------------

export const speechTokenQuery = z.object({ churchId: z.string().uuid() });

/** A short-lived Azure Speech token for the speaker's browser; the key itself never leaves the server. */
export const speechTokenResponse = z.object({
  token: z.string(),
  region: z.string(),
  /** ISO instant; fetch a fresh token before it (the SDK needs `recognizer.authorizationToken`). */
  expiresAt: z.string(),
});
export type SpeechTokenResponse = z.infer<typeof speechTokenResponse>;
