import { and, eq, isNull } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createGlossaryEntryBody, englishValidationMessage, GLOSSARY_IMPORT_MAX_ROWS, type FieldError, type GlossaryImportResult } from '@app/shared';
import type { AppContext } from '../../context';
import { glossaryEntries } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { entryValues, glossaryChanged, termTaken, type GlossaryScope } from './service';
import { ensureStarterGlossary } from './starter';

/** An exported cell that looked like a formula got an apostrophe (lib/lists.ts); take it off again. */
const unneutralise = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** `pt=graça; es=gracia` → `{ pt: 'graça', es: 'gracia' }`; a language with nothing after `=` stays empty (a field error). */
export function parseTranslations(cell: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of cell.split(';')) {
    if (!part.trim()) continue;
    const at = part.indexOf('=');
    if (at < 0) out[part.trim()] = '';
    else out[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return out;
}

const parseHeardAs = (cell: string) => cell.split('|').map((v) => v.trim()).filter(Boolean);

/**
 * POST …/glossary/import: the CSV of the export (term, kind, language, translations, heardAs,
 * note). A term already in the glossary is updated. Every row is checked first; one bad row and
 * nothing is written, with each bad row's errors as `rows.<line>.<field>` (line 2 is the first row
 * under the header, as a spreadsheet numbers it).
 */
export async function importGlossary(ctx: AppContext, actor: Actor, scope: GlossaryScope, csv: Buffer, defaultLanguage: string): Promise<GlossaryImportResult> {
  let records: Array<Record<string, string>>;
  try {
    records = parse(csv, { bom: true, columns: (h: string[]) => h.map((c) => c.trim()), skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (err) {
    throw badRequest('This file is not a CSV file', [{ field: 'file', message: (err as Error).message }]);
  }
  if (records.length === 0) throw badRequest('The file has no rows', [{ field: 'file', message: 'The file has no rows under its header' }]);
  if (records.length > GLOSSARY_IMPORT_MAX_ROWS) throw badRequest('Too many rows', [{ field: 'file', message: `At most ${GLOSSARY_IMPORT_MAX_ROWS} rows at once` }]);
  if (!('term' in records[0]!) || !('kind' in records[0]!)) throw badRequest('The header needs term and kind', [{ field: 'file', message: 'The first row must name the columns: term, kind, language, translations, heardAs, note' }]);

  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const entries = records.flatMap((rec, i) => {
    const line = i + 2;
    const cell = (name: string) => unneutralise(rec[name] ?? '');
    const parsed = createGlossaryEntryBody.safeParse({
      term: cell('term'), kind: cell('kind'), language: cell('language') || defaultLanguage,
      translations: parseTranslations(cell('translations')), heardAs: parseHeardAs(cell('heardAs')), note: cell('note'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ field: `rows.${line}.${issue.path.join('.') || '_'}`, message: englishValidationMessage(issue.message), key: issue.message });
      }
      return [];
    }
    const values = entryValues(parsed.data);
    const key = `${values.language}|${values.termKey}`;
    if (seen.has(key)) {
      errors.push(termTaken(`rows.${line}.term`));
      return [];
    }
    seen.add(key);
    return [values];
  });
  if (errors.length > 0) throw badRequest('Some rows are not valid; nothing was imported', errors);

  await ensureStarterGlossary(ctx.db);
  return ctx.db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const values of entries) {
      const owner = scope ? eq(glossaryEntries.churchId, scope) : isNull(glossaryEntries.churchId);
      const [existing] = await tx.select({ id: glossaryEntries.id }).from(glossaryEntries)
        .where(and(owner, eq(glossaryEntries.language, values.language), eq(glossaryEntries.termKey, values.termKey))).limit(1);
      if (existing) {
        await tx.update(glossaryEntries).set({ ...values, updatedAt: new Date() }).where(eq(glossaryEntries.id, existing.id));
        updated++;
      } else {
        await tx.insert(glossaryEntries).values({ churchId: scope, ...values });
        created++;
      }
    }
    await writeAudit(tx, actor, { action: 'glossary.imported', targetType: 'glossary', targetId: scope, churchId: scope, details: { created, updated } });
    await glossaryChanged(ctx, tx, scope);
    return { created, updated };
  });
}
