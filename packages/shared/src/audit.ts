import { z } from 'zod';
import { dateRangeFilters, listQueryFor } from './lists';
import { msg } from './validation';

/** One audit entry: who did what to which record, and when. Read only. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  churchId: z.string().nullable(),
  churchName: z.string().nullable(),
  actorId: z.string().nullable(),
  /** Null for the system (the purge schedule) or a person whose data was deleted. */
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = listQueryFor(['at', 'action'], {
  churchId: z.uuid({ error: msg('invalidChoice') }).optional(),
  /** Who: the actor's id. */
  actorId: z.uuid({ error: msg('invalidChoice') }).optional(),
  action: z.string().trim().max(80).optional(),
  /** Record: its type (`user`, `sermon`, …) and optionally its id. */
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(80).optional(),
  ...dateRangeFilters,
});

/** Actions the audit screen offers as a filter (others are still listed and searchable). */
export const auditActions = [
  'auth.sign_in_locked',
  'person.created',
  'person.updated',
  'person.role_changed',
  'person.deleted',
  'administrator.created',
  'administrator.updated',
  'administrator.deleted',
  'staff.updated',
  'staff.payroll_revealed',
  'sermon.end',
  'sermon.delete',
  'feedback.deleted',
  'deletion_request.created',
  'deletion_request.cancelled',
  'deletion_request.approved',
  'deletion_request.rejected',
  'deletion_request.escalated',
  'deletion_request.auto_approved',
  'person.purged',
  'church.created',
  'church.updated',
  'church.deleted',
  'church.image.updated',
  'church.image.deleted',
  'church.language.add',
  'church.language.update',
  'church.language.remove',
  'church.live_settings.update',
  'church.stream_limit.update',
  'event.created',
  'event.updated',
  'event.deleted',
  'event.image.added',
  'event.image.deleted',
  'sermon.go_live',
  'salvation.recorded',
  'salvation.withdrawn',
  'follow_up.updated',
  'backup.started',
  'backup.downloaded',
] as const;
