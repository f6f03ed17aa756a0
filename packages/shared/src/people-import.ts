import { z } from 'zod';

/**
 * People import (decision 036): the person fields a file's column can be matched to. `fullName`
 * and `fullAddress` are split; several columns matched to `email`, `phone` or `address` give the
 * first non-empty (email, phone) or are joined (address lines).
 */
export const importFields = [
  'firstName', 'preferredName', 'lastName', 'fullName', 'email', 'phone', 'address', 'fullAddress', 'suburb',
  'dateOfBirth', 'gender', 'primaryLanguage',
] as const;
export type ImportField = (typeof importFields)[number];

/** The most rows and bytes one file may hold (larger uploads answer 413). */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** How long an import can be undone. */
export const IMPORT_UNDO_DAYS = 7;

export const importColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  /** The automatic match; null: ignored. */
  field: z.enum(importFields).nullable(),
  samples: z.array(z.string()),
});

/** `preparing`: a confirm is writing the job's items; the worker takes it once it is `queued`. */
export const importStatuses = ['preview', 'preparing', 'queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importSummarySchema = z.object({
  id: z.string().uuid(),
  churchId: z.string().uuid(),
  filename: z.string(),
  status: z.enum(importStatuses),
  invite: z.boolean(),
  rowCount: z.number().int(),
  /** Rows written so far, of `toWrite`. */
  done: z.number().int(),
  toWrite: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when Undo is offered; null once undone or before it finished. */
  undoUntil: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importUploadSchema = importSummarySchema.extend({ columns: z.array(importColumnSchema) });
export type ImportUpload = z.infer<typeof importUploadSchema>;

/** The match of every column of the file, in order; null ignores the column. */
export const importMappingBody = z.object({ mapping: z.array(z.enum(importFields).nullable()).max(500) });
export const importConfirmBody = importMappingBody.extend({ invite: z.boolean().default(false) });

export const importOutcomes = ['new', 'update', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importReasonSchema = z.object({
  field: z.string(),
  /** A translation key (`validation.*` or `peopleImport.reason.*`) the interface shows, and its English. */
  key: z.string(),
  message: z.string(),
});

export const previewRowSchema = z.object({
  /** 1-based line of the spreadsheet, the header being 1. */
  row: z.number().int(),
  outcome: z.enum(importOutcomes),
  name: z.string(),
  email: z.string(),
  /** Field names an update changes. */
  changes: z.array(z.string()),
  reasons: z.array(importReasonSchema),
  /**
   * Cells not written because they fail their field's rule (or are empty where a form requires
   * them): the person is kept, the field left empty or as it was (decision 042).
   */
  warnings: z.array(importReasonSchema),
  /** The row's cells as in the file, for refused rows only (the download of refusals). */
  cells: z.array(z.string()).optional(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  /** Rows by outcome, and `warnings`: the cells of all rows that are not written. */
  counts: z.object({ new: z.number(), update: z.number(), unchanged: z.number(), refused: z.number(), warnings: z.number() }),
  rows: z.array(previewRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const undoResultSchema = z.object({
  removed: z.number().int(),
  restored: z.number().int(),
  /** Created people kept because they signed in or changed since. */
  kept: z.array(z.object({ id: z.string().uuid(), name: z.string(), email: z.string().nullable(), why: z.enum(['signedIn', 'changed']) })),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

export const importListQuery = z.object({ churchId: z.string().uuid().optional() });
