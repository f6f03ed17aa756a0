import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX } from './constants';
import { audioQualities, faithLevels, feedbackTypes } from './enums';
import { primaryLanguages } from './languages';
import { dateRangeFilters, listQueryFor } from './lists';
import { msg, optionalTextField } from './validation';

/**
 * POST /api/v1/feedback (spec sections 3, 5, 8): type and comment required, audio quality optional.
 * From the listener screen the sermon and the listening language come with it.
 */
export const createFeedbackBody = z.object({
  type: z.enum(feedbackTypes, { error: msg('feedbackTypeRequired') }),
  audioQuality: z.enum(audioQualities, { error: msg('invalidChoice') }).nullable().optional(),
  comment: z
    .string({ error: msg('feedbackCommentRequired') })
    .trim()
    .min(1, msg('feedbackCommentRequired'))
    .max(FEEDBACK_COMMENT_MAX, msg('tooLong')),
  sermonId: z.uuid({ error: msg('invalidChoice') }).nullable().optional(),
  language: optionalTextField(20),
});
export type CreateFeedbackBody = z.input<typeof createFeedbackBody>;

/** One piece of feedback with the person who gave it (spec section 3: name, email, suburb, faith level, language). */
export const feedbackSchema = z.object({
  id: z.string(),
  type: z.enum(feedbackTypes),
  audioQuality: z.enum(audioQualities).nullable(),
  comment: z.string(),
  createdAt: z.string(),
  churchId: z.string().nullable(),
  churchName: z.string().nullable(),
  sermonId: z.string().nullable(),
  sermonStartedAt: z.string().nullable(),
  /** The language listened in, when given from the listener screen. */
  language: z.string().nullable(),
  userId: z.string().nullable(),
  /** Empty once the person's account was deleted: the feedback stays, anonymous. */
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  userSuburb: z.string().nullable(),
  userFaithLevel: z.enum(faithLevels).nullable(),
  userLanguage: z.enum(primaryLanguages).nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuery = listQueryFor(['createdAt', 'type', 'audioQuality'], {
  churchId: z.uuid({ error: msg('invalidChoice') }).optional(),
  type: z.enum(feedbackTypes, { error: msg('invalidChoice') }).optional(),
  audioQuality: z.enum(audioQualities, { error: msg('invalidChoice') }).optional(),
  language: z.string().trim().max(20).optional(),
  sermonId: z.uuid({ error: msg('invalidChoice') }).optional(),
  ...dateRangeFilters,
});
