import { z } from 'zod';
import { dateRanges, followUpStatuses } from './enums';
import { dateRangeFilters, listQueryFor } from './lists';
import { sermonSchema, mySessionSchema } from './live';
import { msg } from './validation';

const isoDate = z.iso.date({ error: msg('dateInvalid') });

/** GET /analytics/summary: `range`, and `from`/`to` (days, `to` inclusive) when it is `custom`. */
export const summaryQuery = z
  .object({
    churchId: z.string().uuid({ error: msg('invalidChoice') }).optional(),
    range: z.enum(dateRanges, { error: msg('invalidChoice') }).default('week'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => q.range !== 'custom' || (q.from && q.to && q.from <= q.to), { message: msg('dateInvalid'), path: ['from'] });
export type SummaryQuery = z.input<typeof summaryQuery>;

export const chartBuckets = ['hour', 'day', 'month'] as const;

export const summarySchema = z.object({
  churchId: z.string().uuid().nullable(),
  timeZone: z.string(),
  /** The resolved range: `from` inclusive, `to` exclusive. */
  from: z.string(),
  to: z.string(),
  bucket: z.enum(chartBuckets),
  members: z.number().int(),
  /** Members who joined in the range: sign-ups and people added by hand, not imported ones (decision 052). */
  newMembers: z.number().int(),
  /** Members a people import created in the range, counted apart from the new ones. */
  importedMembers: z.number().int(),
  sermons: z.number().int(),
  liveNow: z.number().int(),
  /** Listener sessions of the sermons that started in the range. */
  listeners: z.number().int(),
  listenerMinutes: z.number().int(),
  listenersByLanguage: z.array(z.object({ language: z.string(), listeners: z.number().int(), minutes: z.number().int() })),
  salvations: z.number().int(),
  feedback: z.number().int(),
  pendingDeletionRequests: z.number().int(),
  /** One point per hour, day or month of the range (in the time zone), oldest first. */
  series: z.array(z.object({ at: z.string(), listeners: z.number().int(), newMembers: z.number().int(), salvations: z.number().int() })),
});
export type Summary = z.infer<typeof summarySchema>;

/** GET /analytics/my-dashboard: what staff and members see on their dashboard. */
export const myDashboardSchema = z.object({
  timeZone: z.string(),
  /** The church's sermons that started today (members: only those still live). */
  todaySermons: z.array(sermonSchema),
  /** Sermons the person spoke, newest first (staff and admins). */
  mySermons: z.array(sermonSchema),
  nextEvents: z.array(z.object({ id: z.string().uuid(), name: z.string(), startsAt: z.string(), isPublic: z.boolean() })),
  recentListening: z.array(mySessionSchema),
  acceptedJesusAt: z.string().nullable(),
});
export type MyDashboard = z.infer<typeof myDashboardSchema>;

const churchAndDates = { churchId: z.string().uuid({ error: msg('invalidChoice') }).optional(), ...dateRangeFilters };

export const salvationListQuery = listQueryFor(['createdAt', 'language', 'name', 'status'], {
  ...churchAndDates,
  status: z.enum(followUpStatuses, { error: msg('invalidChoice') }).optional(),
});
export const salvationItemSchema = z.object({
  id: z.string().uuid(),
  /** Null for an anonymous decision (counted only). */
  name: z.string().nullable(),
  contact: z.string().nullable(),
  isGuest: z.boolean(),
  language: z.string(),
  createdAt: z.string(),
  churchId: z.string().uuid(),
  churchName: z.string().nullable(),
  sermonId: z.string().uuid().nullable(),
  sermonStartedAt: z.string().nullable(),
  sermonHostName: z.string().nullable(),
  /** The sermon's service title (decision 019), null when it was not scheduled. */
  sermonTitle: z.string().nullable().optional(),
  followUpId: z.string().uuid().nullable(),
  followUpStatus: z.enum(followUpStatuses).nullable(),
  /** Whom the follow-up is assigned to: staff may open only their own. */
  assignedToId: z.string().uuid().nullable().optional(),
  assignedToName: z.string().nullable(),
});
export type SalvationItem = z.infer<typeof salvationItemSchema>;

export const newUserListQuery = listQueryFor(['createdAt', 'name', 'email', 'churchName'], churchAndDates);
export const newUserItemSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable(),
  churchName: z.string().nullable(),
  primaryLanguage: z.string().nullable(),
  acceptedJesus: z.boolean(),
  createdAt: z.string(),
});
export type NewUserItem = z.infer<typeof newUserItemSchema>;

export const sermonAnalyticsListQuery = listQueryFor(['startedAt', 'endedAt', 'durationSeconds', 'churchName'], {
  ...churchAndDates,
  status: z.enum(['live', 'ended'], { error: msg('invalidChoice') }).optional(),
});
export const languageCountSchema = z.object({ language: z.string(), listeners: z.number().int(), minutes: z.number().int() });
export const sermonAnalyticsItemSchema = sermonSchema.extend({
  listeners: z.number().int(),
  listenersByLanguage: z.array(languageCountSchema),
});
export type SermonAnalyticsItem = z.infer<typeof sermonAnalyticsItemSchema>;

/** GET /analytics/sermons/:id: one sermon's figures for its detail page. */
export const sermonDetailSchema = sermonAnalyticsItemSchema.extend({
  minutesCharged: z.number().int(),
  listenerMinutes: z.number().int(),
  salvations: z.number().int(),
  /** Languages its transcript can be read in: the spoken one and every one listened to. */
  transcriptLanguages: z.array(z.string()),
});
export type SermonDetail = z.infer<typeof sermonDetailSchema>;

export const listenerListQuery = listQueryFor(['startedAt', 'durationSeconds', 'language', 'name'], {
  sermonId: z.string().uuid({ error: msg('invalidChoice') }),
});

/** POST /salvations: nothing is kept unless `consent` is exactly true (Australian Privacy Principles). */
export const salvationBody = z.object({
  sermonId: z.string().uuid({ error: msg('invalidChoice') }).optional(),
  language: z.string().trim().min(2, msg('required')).max(10),
  consent: z.literal(true, { error: msg('consentRequired') }),
  firstName: z.string().trim().max(60).optional().transform((v) => v || undefined),
  /** A guest's phone or email, to be contacted. */
  contact: z.string().trim().max(120).optional().transform((v) => v || undefined),
});
export type SalvationBody = z.input<typeof salvationBody>;
export const salvationResponse = z.object({ id: z.string().uuid(), language: z.string(), acceptedJesusAt: z.string() });
export type SalvationResponse = z.infer<typeof salvationResponse>;

export const decisionCountSchema = z.object({ sermonId: z.string().uuid(), decisions: z.number().int() });

export const followUpListQuery = listQueryFor(['createdAt', 'status', 'language'], {
  ...churchAndDates,
  status: z.enum(followUpStatuses, { error: msg('invalidChoice') }).optional(),
});
export const followUpSchema = z.object({
  id: z.string().uuid(),
  salvationId: z.string().uuid(),
  status: z.enum(followUpStatuses),
  notes: z.string(),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  churchId: z.string().uuid(),
  churchName: z.string().nullable(),
  assignedToId: z.string().uuid().nullable(),
  assignedToName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FollowUp = z.infer<typeof followUpSchema>;
export const updateFollowUpBody = z
  .object({
    status: z.enum(followUpStatuses, { error: msg('invalidChoice') }).optional(),
    notes: z.string().max(4000).optional(),
  })
  .refine((b) => b.status !== undefined || b.notes !== undefined, { message: msg('required'), path: ['status'] });
export type UpdateFollowUpBody = z.input<typeof updateFollowUpBody>;
