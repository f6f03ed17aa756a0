import { z } from 'zod';
import { deletionReasons, deletionStatuses } from './enums';
import { listQueryFor } from './lists';
import { msg, optionalTextField } from './validation';

/**
 * POST /api/v1/me/deletion-request (spec sections 3, 5): a reason from the five; `other` needs
 * words in `details`. A second open request answers 409 `deletion_request_open`.
 */
export const createDeletionRequestBody = z
  .object({
    reason: z.enum(deletionReasons, { error: msg('deletionReasonRequired') }),
    details: optionalTextField(1000),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.details) ctx.addIssue({ code: 'custom', path: ['details'], message: msg('deletionDetailsRequired') });
  });
export type CreateDeletionRequestBody = z.input<typeof createDeletionRequestBody>;

/** POST /api/v1/deletion-requests/:id/reject: the reason is mailed to the person. */
export const rejectDeletionRequestBody = z.object({
  reason: z
    .string({ error: msg('rejectionReasonRequired') })
    .trim()
    .min(1, msg('rejectionReasonRequired'))
    .max(1000, msg('tooLong')),
});
export type RejectDeletionRequestBody = z.input<typeof rejectDeletionRequestBody>;

export const deletionRequestSchema = z.object({
  id: z.string(),
  status: z.enum(deletionStatuses),
  reason: z.enum(deletionReasons),
  details: z.string().nullable(),
  requestedAt: z.string(),
  /** Personal data is gone by this time unless the request is rejected (spec section 1: 30 days). */
  deleteBy: z.string(),
  reviewedAt: z.string().nullable(),
  /** True when nobody reviewed it within 30 days and it was carried out by the schedule. */
  approvedAutomatically: z.boolean(),
  rejectionReason: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  purgedAt: z.string().nullable(),
  userId: z.string().nullable(),
  /** Empty once the data is deleted. */
  personName: z.string().nullable(),
  personEmail: z.string().nullable(),
  churchId: z.string().nullable(),
  churchName: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** GET /api/v1/me/deletion-request: the person's latest request, if any. */
export const myDeletionRequestResponse = z.object({ request: deletionRequestSchema.nullable() });
export type MyDeletionRequestResponse = z.infer<typeof myDeletionRequestResponse>;

export const deletionRequestListQuery = listQueryFor(['requestedAt', 'status'], {
  status: z.enum(deletionStatuses, { error: msg('invalidChoice') }).optional(),
  churchId: z.uuid({ error: msg('invalidChoice') }).optional(),
});
