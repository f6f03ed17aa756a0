import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { englishValidationMessage, personFields, type ImportField, type ImportOutcome, type PreviewRow } from '@app/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { churchPeopleByName, keyOf, NoEmailIndex, personColumns, type StoredPerson } from './identity';
import { breathe, SLICE, type Pace } from './pace';
import { isBlankRow, type Table } from './table-shape';
import { IMPORTED_FIELDS, rowValuesOf, type ImportedField, type RowValues } from './row-values';

/** A row of the preview, with what confirming it would write. */
export interface PlannedRow extends PreviewRow {
  values?: Record<string, string | null>;
  userId?: string;
}

type Note = PreviewRow['reasons'][number];
const note = (field: string, key: string, message: string): Note => ({ field, key, message });
const ruleNote = (field: string, key: string): Note => note(field, key, englishValidationMessage(key));

/**
 * The forms' rule of each field an import writes (spec section 5 as decision 042 reads it for
 * names). A cell that fails its rule is not written and the preview warns of it: the person is kept.
 */
const RULES = personFields.pick({
  firstName: true, lastName: true, email: true, phone: true, suburb: true, address: true, dateOfBirth: true, gender: true, primaryLanguage: true,
}).shape;
/** Fields a form requires: an empty cell under a column that gives them is worth a warning. */
const REQUIRED: ImportedField[] = ['firstName', 'lastName', 'phone', 'suburb'];
/** The import fields that give each person field. */
const SOURCES: Partial<Record<ImportedField, ImportField[]>> = {
  firstName: ['firstName', 'preferredName', 'fullName'], lastName: ['lastName', 'fullName'], suburb: ['suburb', 'fullAddress'], address: ['address', 'fullAddress'],
};

/**
 * The church's own people stored under the file's emails, `pace.chunk` emails to a query with a
 * pause between: on the embedded database awaited queries never give the event loop a turn, so ten
 * queries of a thousand emails held live captions for a fifth of a second (decision 036, "Live
 * captions first"). Only the church's own: a person of another church (or of none) is not looked
 * at, so their row plans exactly as an email nobody has (decision 051).
 */
async function churchPeopleByEmail(db: Db, churchId: string, emails: string[], pace: Pace): Promise<Map<string, StoredPerson>> {
  const found = new Map<string, StoredPerson>();
  for (let i = 0; i < emails.length; i += pace.chunk) {
    if (i > 0) await pace.pause();
    const rows = await db.select(personColumns).from(users)
      .where(and(inArray(sql`lower(${users.email})`, emails.slice(i, i + pace.chunk)), eq(users.churchId, churchId), isNull(users.purgedAt)));
    for (const r of rows) found.set(r.email!.toLowerCase(), r as StoredPerson);
  }
  return found;
}

/**
 * Each field checked alone by its rule: the value to write (null: nothing, '' cells included) and a
 * warning for each cell that failed, or was empty under a column giving a required field.
 */
function checkFields(values: RowValues, mapped: Set<ImportedField>): { stored: Record<ImportedField, string | null>; warnings: Note[] } {
  const warnings: Note[] = [];
  const stored = {} as Record<ImportedField, string | null>;
  for (const f of IMPORTED_FIELDS) {
    const raw = values[f];
    stored[f] = null;
    if (raw === '') {
      if (REQUIRED.includes(f) && mapped.has(f)) warnings.push(ruleNote(f, f === 'phone' ? 'validation.phoneRequired' : f === 'suburb' ? 'validation.suburbRequired' : `validation.${f}Required`));
      continue;
    }
    const parsed = RULES[f].safeParse(raw);
    if (parsed.success) stored[f] = typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : null;
    else warnings.push(ruleNote(f, parsed.error.issues[0]?.message ?? 'validation.required'));
  }
  return { stored, warnings };
}

/**
 * Every row's outcome against the church's own people (decision 042, "The person is kept"): new,
 * an update of the member with the same email (only the fields the file gives that pass their rule
 * and differ), unchanged, or refused only when the row cannot be a person: no name, neither an
 * email nor a phone or date of birth to know them by (decision 036), an email an earlier row has,
 * or the church's own staff or administrator whom an import may not change. Another church's
 * person is never looked at: their row is `new`, as for an email nobody has, and the confirm skips
 * it as it skips any email taken by then (decision 051). A field failing its rule is a warning,
 * never a refusal. Blank rows are no one, and keep their number.
 */
export async function planRows(db: Db, churchId: string, table: Table, mapping: Array<ImportField | null>, pace: Pace): Promise<PlannedRow[]> {
  const all = await rowValuesOf(table, mapping);
  const given = new Set(mapping.filter((f): f is ImportField => f !== null));
  const mapped = new Set(IMPORTED_FIELDS.filter((f) => (SOURCES[f] ?? [f as ImportField]).some((s) => given.has(s))));
  const checked = all.map((values, i) => (isBlankRow(table.rows[i]!) ? null : checkFields(values, mapped)));
  const emails = [...new Set(checked.flatMap((c) => (c?.stored.email ? [c.stored.email] : [])))];
  const existing = await churchPeopleByEmail(db, churchId, emails, pace);
  const withoutEmail = checked.some((c) => c && !c.stored.email) ? await churchPeopleByName(db, churchId) : new NoEmailIndex<StoredPerson>();
  const firstRowOf = new Map<string, number>();
  const firstNoEmailRow = new NoEmailIndex<number>();
  const planned: PlannedRow[] = [];
  for (const [i, check] of checked.entries()) {
    if (i % SLICE === SLICE - 1) await breathe();
    if (check) planned.push(planRow(all[i]!, check, i));
  }
  return planned;

  function planRow(values: RowValues, { stored, warnings }: ReturnType<typeof checkFields>, i: number): PlannedRow {
    const row = i + 2;
    const email = stored.email ?? '';
    const base = { row, name: `${stored.firstName ?? ''} ${stored.lastName ?? ''}`.trim() || `${values.firstName} ${values.lastName}`.trim(), email, changes: [] as string[] };
    const refuse = (reasons: Note[]): PlannedRow => ({ ...base, outcome: 'refused', reasons, warnings: [], cells: table.rows[i]!.map((c) => c ?? '') });
    const nameNotes = warnings.filter((w) => w.field === 'firstName' || w.field === 'lastName');
    if (!stored.firstName && !stored.lastName) {
      return refuse([note('firstName', 'peopleImport.reason.noName', 'A person needs a name'), ...nameNotes.filter((w) => !w.key.endsWith('Required'))]);
    }
    if (!email && !stored.phone && !stored.dateOfBirth) {
      const why = warnings.filter((w) => ['email', 'phone', 'dateOfBirth'].includes(w.field));
      return refuse([note('email', 'peopleImport.reason.noIdentity', 'A person needs an email, or a phone or date of birth with their name, to be known by'), ...why]);
    }
    const key = email === '' ? keyOf(stored) : null;
    const earlier = key ? firstNoEmailRow.find(key) : firstRowOf.get(email);
    if (earlier !== undefined && key) return refuse([note('firstName', 'peopleImport.reason.samePersonInFile', `The same person (name and phone or date of birth, no email) is on row ${earlier}`)]);
    if (earlier !== undefined) return refuse([note('email', 'peopleImport.reason.duplicateInFile', `The same email is on row ${earlier}`)]);
    if (key) firstNoEmailRow.add(key, row);
    else firstRowOf.set(email, row);
    const person = key ? withoutEmail.find(key) : existing.get(email);
    if (!person) return { ...base, outcome: 'new', reasons: [], warnings, values: stored };
    // A blank or failing cell leaves what is stored: an export that lacks a column erases nothing.
    const changes = IMPORTED_FIELDS.filter((f) => stored[f] !== null && stored[f] !== (person[f] ?? null) && f !== 'email');
    if (changes.length === 0) return { ...base, outcome: 'unchanged' as ImportOutcome, reasons: [], warnings, userId: person.id };
    if (key && person.role !== 'member') {
      return refuse([note('firstName', 'peopleImport.reason.notYoursPerson', 'This person is someone an import cannot change (staff or an administrator)')]);
    }
    if (person.role !== 'member') {
      return refuse([note('email', 'peopleImport.reason.notYours', 'This email belongs to someone of the church an import cannot change (staff or an administrator)')]);
    }
    return { ...base, outcome: 'update', changes, reasons: [], warnings, userId: person.id, values: Object.fromEntries(changes.map((f) => [f, stored[f]])) };
  }
}

export function countsOf(rows: PlannedRow[]) {
  const counts = { new: 0, update: 0, unchanged: 0, refused: 0, warnings: 0 };
  for (const r of rows) {
    counts[r.outcome] += 1;
    counts.warnings += r.warnings.length;
  }
  return counts;
}
