import { z } from 'zod';
import { joinCodeField } from './lobby';
import { pageOf } from './api';
import { NAME_MIN } from './constants';
import { listQueryFor } from './lists';
import { STREAM_LIMIT_MAX_MINUTES } from './church-settings';
import { msg, phoneExactly10Field } from './validation';

/** What anyone may know of a church: for signup, pickers, and entering event times in its zone. */
export const publicChurch = z.object({ id: z.string().uuid(), name: z.string(), suburb: z.string(), timeZone: z.string() });
export const publicChurchList = z.array(publicChurch);
export type PublicChurch = z.infer<typeof publicChurch>;

/**
 * Churches for platform admins (spec section 6). Endpoints (under /api/v1):
 *   GET    /churches            churchListQuery → page of churchListItem   (churches:create)
 *   POST   /churches            createChurchBody → 201 churchDetails       (churches:create)
 *   PATCH  /churches/:id        updateChurchBody → churchDetails           (church:edit; the limit: platform admins)
 *   DELETE /churches/:id        → 204, or 409 `church_has_people`          (churches:delete)
 *   PUT    /churches/:id/image  multipart `file` → churchDetails           (church:edit)
 *   DELETE /churches/:id/image  → churchDetails                            (church:edit)
 */

/**
 * Australia's IANA time zones (mainland, Lord Howe, Macquarie and the external territories): a
 * church's week and its events' times follow one of these, daylight saving included.
 */
export const australianTimeZones = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Hobart',
  'Australia/Broken_Hill',
  'Australia/Lindeman',
  'Australia/Eucla',
  'Australia/Lord_Howe',
  'Antarctica/Macquarie',
  'Indian/Christmas',
  'Indian/Cocos',
  'Pacific/Norfolk',
] as const;
export type AustralianTimeZone = (typeof australianTimeZones)[number];

// Spec section 5: letters, spaces and dots only, no leading or trailing dot ("St. John's" has an
// apostrophe, so it is refused, as the spec says).
const CHURCH_NAME = /^[\p{L}][\p{L} .]*[\p{L}]$/u;
const LETTERS_AND_SPACES = /^[\p{L}]+(?: +[\p{L}]+)*$/u;

const churchNameField = (required: 'churchNameRequired' | 'pastorNameRequired') =>
  z
    .string({ error: msg(required) })
    .trim()
    .min(1, msg(required))
    .min(NAME_MIN, msg('nameMin3'))
    .max(100, msg('tooLong'))
    .refine((v) => v.length < NAME_MIN || CHURCH_NAME.test(v), msg('churchNameChars'));

const placeField = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .min(NAME_MIN, msg('atLeast3'))
  .max(80, msg('tooLong'))
  .refine((v) => v.length < NAME_MIN || LETTERS_AND_SPACES.test(v), msg('lettersAndSpaces'));

const coordinate = (max: number) =>
  z.number({ error: msg('coordinateInvalid') }).min(-max, msg('coordinateInvalid')).max(max, msg('coordinateInvalid')).nullable();

/** Every church field of spec section 3 that a form edits (credentials live in church-settings). */
export const churchFields = z.object({
  name: churchNameField('churchNameRequired'),
  address: z.string({ error: msg('required') }).trim().min(1, msg('required')).min(NAME_MIN, msg('atLeast3')).max(200, msg('tooLong')),
  suburb: placeField,
  state: placeField,
  country: placeField,
  contactNumber: phoneExactly10Field,
  pastorName: churchNameField('pastorNameRequired'),
  pastorPhone: phoneExactly10Field,
  timeZone: z.enum(australianTimeZones, { error: msg('invalidChoice') }),
  latitude: coordinate(90),
  longitude: coordinate(180),
});

/** Latitude and longitude come as a pair: one without the other is no place. */
const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) => {
  if (v.latitude === undefined && v.longitude === undefined) return;
  if ((v.latitude ?? null) === null && (v.longitude ?? null) !== null) ctx.addIssue({ code: 'custom', path: ['latitude'], message: msg('coordinatesTogether') });
  if ((v.longitude ?? null) === null && (v.latitude ?? null) !== null) ctx.addIssue({ code: 'custom', path: ['longitude'], message: msg('coordinatesTogether') });
};

const streamLimitField = z
  .number({ error: msg('streamLimitRequired') })
  .int(msg('wholeMinutes'))
  .min(0, msg('streamLimitRange'))
  .max(STREAM_LIMIT_MAX_MINUTES, msg('streamLimitRange'));

/** POST /churches (platform admins). Spec section 5: stream limit required. */
export const createChurchBody = churchFields
  .extend({
    latitude: churchFields.shape.latitude.optional(),
    longitude: churchFields.shape.longitude.optional(),
    weeklyStreamLimitMinutes: streamLimitField,
  })
  .superRefine(bothOrNeither);
export type CreateChurchBody = z.input<typeof createChurchBody>;

/**
 * PATCH /churches/:id: only sent fields change. `weeklyStreamLimitMinutes` is for platform admins;
 * a church admin who sends a different limit is refused (403).
 */
export const updateChurchBody = churchFields
  .partial()
  .extend({ weeklyStreamLimitMinutes: streamLimitField.optional(), joinCode: joinCodeField.optional() })
  .superRefine(bothOrNeither);
export type UpdateChurchBody = z.input<typeof updateChurchBody>;

export const churchListItem = z.object({
  id: z.string().uuid(),
  name: z.string(),
  suburb: z.string(),
  state: z.string(),
  /** People of the church with the member role. */
  memberCount: z.number().int(),
  /** People of any role: a church with any is not deleted. */
  peopleCount: z.number().int(),
  isLive: z.boolean(),
  weeklyStreamLimitMinutes: z.number().int(),
  /** Charged minutes since Monday 00:00 in the church's time zone (1 decimal). */
  minutesUsedThisWeek: z.number(),
  timeZone: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type ChurchListItem = z.infer<typeof churchListItem>;

export const churchSortable = ['name', 'suburb', 'state', 'memberCount', 'minutesUsedThisWeek', 'createdAt'] as const;
export const churchListQuery = listQueryFor(churchSortable, {});
export type ChurchListQuery = z.input<typeof churchListQuery>;
export const churchList = pageOf(churchListItem);

/** GET /map-settings (public): the tile URL template and its attribution, from MAP_TILE_URL / MAP_ATTRIBUTION. */
/** The attribution of OpenStreetMap's own tiles, the default map server; the web app shows it translated. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const mapSettings = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapSettings = z.infer<typeof mapSettings>;
