import { z } from 'zod';
import { MAX_SEGMENT_CHARS } from './live-events';
import { listQueryFor } from './lists';
import { msg } from './validation';

/**
 * Prepared text (decision 026): sermon notes, readings or lyrics given before the service, split
 * into paragraphs and translated ahead, so during the sermon each paragraph reaches listeners with
 * one tap and no translator call.
 */
export const PREPARED_PARAGRAPHS_MAX = 300;
export const PREPARED_TEXT_MAX_CHARS = 200_000;
export const PREPARED_TITLE_MAX = 200;
/** Files a prepared text may come from. */
export const PREPARED_FILE_TYPES = ['.txt', '.md', '.docx'] as const;

const title = z.string({ error: msg('required') }).trim().min(1, msg('required')).max(PREPARED_TITLE_MAX, msg('tooLong'));
const scheduledSermonId = z.uuid({ error: msg('invalidChoice') }).nullable().optional();
const language = z.string().trim().min(1).max(20).optional();

/** POST …/prepared-texts as JSON (a file comes as multipart with the same fields and `file`). */
export const createPreparedTextBody = z.object({
  title,
  text: z.string({ error: msg('preparedTextRequired') }).trim().min(1, msg('preparedTextRequired')).max(PREPARED_TEXT_MAX_CHARS, msg('tooLong')),
  /** The language the text is written in; the church's first go-live language when left out. */
  sourceLanguage: language,
  /** A scheduled service this text belongs to (optional). */
  scheduledSermonId,
});
export type CreatePreparedTextBody = z.input<typeof createPreparedTextBody>;

const paragraphText = z.string().trim().min(1, msg('required')).max(MAX_SEGMENT_CHARS, msg('tooLong'));

/** PATCH …/prepared-texts/{textId}: `paragraphs` is the whole list in its new order; an unchanged paragraph keeps its translations. */
export const updatePreparedTextBody = z.object({
  title: title.optional(),
  scheduledSermonId,
  paragraphs: z.array(z.object({ id: z.uuid().optional(), text: paragraphText })).min(1, msg('preparedTextRequired')).max(PREPARED_PARAGRAPHS_MAX, msg('tooLong')).optional(),
});
export type UpdatePreparedTextBody = z.input<typeof updatePreparedTextBody>;

export const preparedParagraphSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  text: z.string(),
  /** Language code → the paragraph in that language, glossary applied. */
  translations: z.record(z.string(), z.string()),
});
export type PreparedParagraph = z.infer<typeof preparedParagraphSchema>;

export const preparedTextSummarySchema = z.object({
  id: z.string(),
  churchId: z.string(),
  scheduledSermonId: z.string().nullable(),
  title: z.string(),
  sourceLanguage: z.string(),
  paragraphCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PreparedTextSummary = z.infer<typeof preparedTextSummarySchema>;

export const preparedTextSchema = preparedTextSummarySchema.extend({ paragraphs: z.array(preparedParagraphSchema) });
export type PreparedText = z.infer<typeof preparedTextSchema>;

export const preparedTextListQuery = listQueryFor(['title', 'createdAt', 'updatedAt'], {
  scheduledSermonId: z.uuid({ error: msg('invalidChoice') }).optional(),
});

export const preparedTextParams = z.object({ id: z.uuid(), textId: z.uuid() });
