// The live sermon's REST contracts: going live, sermon lists, the listener's join page, listeners, transcripts.
import { z } from 'zod';
import { pageOf } from './api';
import { listenerStatuses, sermonStatuses, voiceGenders } from './enums';
import { captionSchema, sermonSchema } from './live-sermon';
import { translatorKinds } from './translation-engine-kinds';

export const goLiveBody = z.object({
  churchId: z.string().uuid(),
  sourceLanguage: z.string().min(2).max(10),
  /** The scheduled service this sermon is (docs/decisions/019): its lobby turns live. */
  scheduledSermonId: z.string().uuid().optional(),
});
export type GoLiveBody = z.infer<typeof goLiveBody>;

/** GET /sermons: `status=live` lists live and paused sermons; churchId is honoured for platform admins. */
export const sermonListQuery = z.object({
  status: z.enum(['live', 'ended']).optional(),
  churchId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SermonListQuery = z.input<typeof sermonListQuery>;
export const sermonList = pageOf(sermonSchema);
export type SermonList = z.infer<typeof sermonList>;

/** A language a listener may choose: the church's join-live list plus the spoken language. */
export const joinLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  rtl: z.boolean(),
  /** Server voices offered in this language (empty when the church has no speech key). */
  voices: z.array(z.enum(voiceGenders)),
});
export type JoinLanguage = z.infer<typeof joinLanguageSchema>;

/** GET /sermons/by-broadcast/:broadcastId: what a listener's screen needs before joining. */
export const sermonByBroadcastResponse = z.object({
  sermon: sermonSchema,
  languages: z.array(joinLanguageSchema),
  /** false: offer the device's own voice (speechSynthesis) instead of server voices. */
  hasSpeechKey: z.boolean(),
  guestsMayListen: z.boolean(),
  translator: z.enum(translatorKinds),
});
export type SermonByBroadcast = z.infer<typeof sermonByBroadcastResponse>;

/** GET /sermons/:id/listeners (church admins and staff): spec section 3 "listeners". */
export const listenerSessionSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  /** Full name of a signed-in listener; null for guests. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  isGuest: z.boolean(),
  language: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  status: z.enum(listenerStatuses),
});
export type ListenerSession = z.infer<typeof listenerSessionSchema>;
export const sermonListenersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const sermonListenersResponse = pageOf(listenerSessionSchema);

/** GET /sermons/:id/transcript?lang=&afterSeq=: the stored transcript in one language, as captions. */
export const transcriptQuery = z.object({
  lang: z.string().min(2).max(10),
  afterSeq: z.coerce.number().int().min(0).default(0),
});
export const transcriptResponse = z.object({
  sermonId: z.string().uuid(),
  language: z.string(),
  status: z.enum(sermonStatuses),
  captions: z.array(captionSchema),
});
export type Transcript = z.infer<typeof transcriptResponse>;

/** GET /sermons/mine: the signed-in person's previous listening sessions, newest first. */
export const mySessionSchema = z.object({
  id: z.string().uuid(),
  sermonId: z.string().uuid(),
  broadcastId: z.string(),
  churchId: z.string().uuid(),
  churchName: z.string().nullable(),
  hostName: z.string().nullable(),
  /** The sermon's service title (decision 019), null when it was not scheduled. */
  title: z.string().nullable().optional(),
  sourceLanguage: z.string(),
  sermonStatus: z.enum(sermonStatuses),
  language: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type MySession = z.infer<typeof mySessionSchema>;
export const mySessionsQuery = sermonListenersQuery;
export const mySessionList = pageOf(mySessionSchema);
