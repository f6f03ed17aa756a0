import { z } from 'zod';
import { dateRangeFilters, listQueryFor } from './lists';
import { msg } from './validation';

/**
 * The church glossary (decision 025): words a general translator gets wrong, fixed once for good.
 * `keep` is never translated (names, "Harbour City Church"); `fixed` has a given translation per
 * listening language. `heardAs` are the ways recognition mishears the term, replaced before a line
 * is shown or translated.
 */
export const glossaryKinds = ['keep', 'fixed'] as const;
export type GlossaryKind = (typeof glossaryKinds)[number];

export const GLOSSARY_TERM_MAX = 200;
export const GLOSSARY_NOTE_MAX = 500;
export const GLOSSARY_HEARD_AS_MAX = 10;
/** Rows of one CSV import: a church's whole glossary, not a dictionary. */
export const GLOSSARY_IMPORT_MAX_ROWS = 5000;

/** `<`, `>` and `&` would be markup in the protected text sent to the translator. */
const MARKUP = /[<>&]/;

const glossaryText = (requiredKey: Parameters<typeof msg>[0]) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(GLOSSARY_TERM_MAX, msg('tooLong'))
    .refine((v) => !MARKUP.test(v), msg('glossaryNoMarkup'));

const translationsField = z.record(
  z.string().trim().min(1).max(20),
  z.string().trim().min(1, msg('glossaryTranslationRequired')).max(GLOSSARY_TERM_MAX, msg('tooLong'))
    .refine((v) => !MARKUP.test(v), msg('glossaryNoMarkup')),
);

const entryFields = {
  /** The spoken language the term is said in (a listening-language code); the sermon's source language picks the entries. */
  language: z.string().trim().min(1, msg('required')).max(20, msg('tooLong')).default('en'),
  term: glossaryText('glossaryTermRequired'),
  kind: z.enum(glossaryKinds, { error: msg('invalidChoice') }),
  translations: translationsField.default({}),
  heardAs: z.array(glossaryText('required')).max(GLOSSARY_HEARD_AS_MAX, msg('tooLong')).default([]),
  note: z.string().trim().max(GLOSSARY_NOTE_MAX, msg('tooLong')).default(''),
};

/** A `fixed` entry needs at least one translation; a `keep` entry's translations are dropped. */
function checkKind(v: { kind?: GlossaryKind; translations?: Record<string, string> }, ctx: z.RefinementCtx) {
  if (v.kind === 'fixed' && Object.keys(v.translations ?? {}).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['translations'], message: msg('glossaryTranslationsRequired') });
  }
}

/** POST …/glossary. */
export const createGlossaryEntryBody = z.object(entryFields).superRefine(checkKind);
export type CreateGlossaryEntryBody = z.input<typeof createGlossaryEntryBody>;

/** PATCH …/glossary/{entryId}: any field; the result is checked whole again by the service. */
export const updateGlossaryEntryBody = z.object({
  language: entryFields.language.optional(),
  term: entryFields.term.optional(),
  kind: entryFields.kind.optional(),
  translations: translationsField.optional(),
  heardAs: entryFields.heardAs.optional(),
  note: entryFields.note.optional(),
});
export type UpdateGlossaryEntryBody = z.input<typeof updateGlossaryEntryBody>;

export const glossaryEntrySchema = z.object({
  id: z.string(),
  /** null: an entry of the starter glossary every church inherits. */
  churchId: z.string().nullable(),
  language: z.string(),
  term: z.string(),
  kind: z.enum(glossaryKinds),
  translations: z.record(z.string(), z.string()),
  heardAs: z.array(z.string()),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

export const glossaryListQuery = listQueryFor(['term', 'kind', 'language', 'updatedAt'], {
  kind: z.enum(glossaryKinds, { error: msg('invalidChoice') }).optional(),
  language: z.string().trim().max(20).optional(),
});

export const churchGlossaryParams = z.object({ id: z.uuid() });
export const glossaryEntryParams = z.object({ id: z.uuid(), entryId: z.uuid() });
export const starterEntryParams = z.object({ entryId: z.uuid() });

/** Answer of POST …/glossary/import: every row went in, or (400) none did and each bad row says why. */
export const glossaryImportResult = z.object({ created: z.number().int(), updated: z.number().int() });
export type GlossaryImportResult = z.infer<typeof glossaryImportResult>;

/** The columns of the glossary's CSV, export and import alike. */
export const GLOSSARY_CSV_COLUMNS = ['term', 'kind', 'language', 'translations', 'heardAs', 'note'] as const;

/**
 * GET /churches/{id}/glossary/phrases?language=: the recogniser's phrase list. Very long lists are
 * reported to slow recognition (SPEECH-AND-TRANSLATION.md), hence the cap.
 */
export const GLOSSARY_PHRASES_MAX = 500;
export const glossaryPhrasesQuery = z.object({ language: z.string().trim().min(1).max(20) });
export const glossaryPhrasesResponse = z.object({ phrases: z.array(z.string()) });

/** POST /sermons/{id}/flags: a listener says a caption is wrong (guests too). */
export const createTranslationFlagBody = z.object({
  seq: z.coerce.number().int().min(1),
  language: z.string().trim().min(1).max(20),
  suggestion: z.string().trim().max(GLOSSARY_TERM_MAX * 2, msg('tooLong')).optional(),
});
export type CreateTranslationFlagBody = z.input<typeof createTranslationFlagBody>;

export const translationFlagStatuses = ['open', 'accepted', 'dismissed'] as const;

export const translationFlagSchema = z.object({
  id: z.string(),
  churchId: z.string(),
  sermonId: z.string(),
  sermonStartedAt: z.string().nullable(),
  seq: z.number().int(),
  language: z.string(),
  sourceLanguage: z.string(),
  sourceText: z.string(),
  translatedText: z.string().nullable(),
  suggestion: z.string().nullable(),
  status: z.enum(translationFlagStatuses),
  createdAt: z.string(),
});
export type TranslationFlag = z.infer<typeof translationFlagSchema>;

export const translationFlagListQuery = listQueryFor(['createdAt', 'language'], {
  churchId: z.uuid({ error: msg('invalidChoice') }).optional(),
  status: z.enum(translationFlagStatuses, { error: msg('invalidChoice') }).optional(),
  language: z.string().trim().max(20).optional(),
  sermonId: z.uuid({ error: msg('invalidChoice') }).optional(),
  ...dateRangeFilters,
});

/** POST /translation-flags/{id}/accept: the flag becomes a glossary entry in one step. */
export const acceptTranslationFlagBody = createGlossaryEntryBody;
