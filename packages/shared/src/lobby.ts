import { z } from 'zod';
import { pageOf } from './api';
import { joinLanguageSchema, sermonByBroadcastResponse } from './live';
import { dateRangeFilters, listQueryFor } from './lists';
import { msg } from './validation';

/**
 * A church's standing join link and its scheduled services (docs/decisions/019). Endpoints (under /api/v1):
 *   GET    /lobby/:code                  → lobbyInfo (public; 404 for an unknown code)
 *   GET    /scheduled-sermons            scheduledSermonListQuery → page of scheduledSermon (church:read)
 *   POST   /scheduled-sermons            createScheduledSermonBody → 201 scheduledSermon (schedule:manage)
 *   PATCH  /scheduled-sermons/:id        updateScheduledSermonBody → scheduledSermon (schedule:manage)
 *   DELETE /scheduled-sermons/:id        → 204 (schedule:manage)
 */

/** 4–8 letters or digits; stored upper case, matched ignoring case. */
export const JOIN_CODE_PATTERN = /^[A-Za-z0-9]{4,8}$/;
export const joinCodeField = z
  .string({ error: msg('joinCodeInvalid') })
  .trim()
  .regex(JOIN_CODE_PATTERN, msg('joinCodeInvalid'))
  .transform((v) => v.toUpperCase());

/** How many upcoming services the lobby shows. */
export const LOBBY_UPCOMING = 3;

const instant = z.iso.datetime({ offset: true, error: msg('dateInvalid') });

const scheduledObject = z.object({
  churchId: z.string({ error: msg('churchRequired') }).uuid(msg('churchRequired')),
  title: z.string({ error: msg('required') }).trim().min(1, msg('required')).max(120, msg('tooLong')),
  startsAt: z.string({ error: msg('startsAtRequired') }).min(1, msg('startsAtRequired')).pipe(instant),
  sourceLanguage: z.string({ error: msg('invalidChoice') }).min(2, msg('invalidChoice')).max(10, msg('invalidChoice')),
  speakerId: z.string().uuid(msg('invalidChoice')).nullable().optional(),
});

export const createScheduledSermonBody = scheduledObject;
export type CreateScheduledSermonBody = z.input<typeof createScheduledSermonBody>;
/** Only sent fields change; a service cannot move to another church. */
export const updateScheduledSermonBody = scheduledObject.omit({ churchId: true }).partial();
export type UpdateScheduledSermonBody = z.input<typeof updateScheduledSermonBody>;

export const scheduledSermon = z.object({
  id: z.string().uuid(),
  churchId: z.string().uuid(),
  title: z.string(),
  startsAt: z.string(),
  sourceLanguage: z.string(),
  speakerId: z.string().uuid().nullable(),
  speakerName: z.string().nullable(),
  /** The sermon that went live for this service, if any. */
  sermonId: z.string().uuid().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type ScheduledSermon = z.infer<typeof scheduledSermon>;

export const scheduledSermonSortable = ['startsAt', 'title', 'createdAt'] as const;
export const scheduledSermonListQuery = listQueryFor(scheduledSermonSortable, {
  churchId: z.string().uuid(msg('invalidChoice')).optional(),
  ...dateRangeFilters,
});
export type ScheduledSermonListQuery = z.input<typeof scheduledSermonListQuery>;
export const scheduledSermonList = pageOf(scheduledSermon);

export const lobbyCodeParams = z.object({ code: z.string().min(1).max(20) });

/** GET /lobby/:code: what a visitor's phone or the room's projector needs before and during a service. */
export const lobbyInfo = z.object({
  church: z.object({
    id: z.string().uuid(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    timeZone: z.string(),
    guestsAllowed: z.boolean(),
    joinCode: z.string(),
  }),
  /** The church's join-live languages (what the visitor picks before the start). */
  languages: z.array(joinLanguageSchema),
  live: z
    .object({
      sermonId: z.string().uuid(),
      broadcastId: z.string(),
      startedAt: z.string(),
      sourceLanguage: z.string(),
      languages: z.array(z.string()),
      /**
       * What GET /sermons/by-broadcast/:id answers for it: a phone that opens the lobby during the
       * sermon shows the live view from this one answer, without asking again (decision 034).
       */
      listen: sermonByBroadcastResponse.nullable(),
    })
    .nullable(),
  upcoming: z.array(z.object({ id: z.string().uuid(), title: z.string(), startsAt: z.string(), sourceLanguage: z.string() })),
  /** The last ended sermon, for "read the transcript" after the service. */
  lastEnded: z.object({ sermonId: z.string().uuid(), broadcastId: z.string(), endedAt: z.string() }).nullable(),
});
export type LobbyInfo = z.infer<typeof lobbyInfo>;

/** `lobby:join`: a phone (one language) or a projector (one to three) waiting in a church's lobby. */
export const lobbyJoinPayload = z.object({
  code: z.string().min(1).max(20),
  languages: z.array(z.string().min(2).max(10)).max(3),
  projector: z.boolean().optional(),
});

/** GET /lobby/waiting?churchId=: who waits in the lobby, per language (projectors apart). */
export const lobbyWaitingQuery = z.object({ churchId: z.string().uuid() });
export const lobbyWaiting = z.object({
  /** For the speaker's "Open projector view". */
  joinCode: z.string(),
  languages: z.array(z.object({ code: z.string(), people: z.number().int(), projectors: z.number().int() })),
  total: z.number().int(),
});
export type LobbyWaiting = z.infer<typeof lobbyWaiting>;
