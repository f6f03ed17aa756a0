import { and, inArray, isNull, sql } from 'drizzle-orm';
import { englishValidationMessage, personFields, type ImportField, type ImportOutcome, type PreviewRow } from '@app/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { churchPeopleByName, keyOf, NoEmailIndex, personColumns, type StoredPerson } from './identity';
import { breathe, IMPORTED_FIELDS, rowValuesOf, SLICE, type ImportedField, type RowValues } from './row-values';
import type { Pace } from './pace';
import type { Table } from './read-table';

/** A row of the preview, with what confirming it would write. */
export interface PlannedRow extends PreviewRow {
  values?: Record<string, string | null>;
  userId?: string;
}

// The form's rules (spec section 5) for the fields an import writes; a church is given by the import.
const rules = personFields.pick({
  firstName: true, lastName: true, email: true, phone: true, suburb: true, address: true, dateOfBirth: true, gender: true, primaryLanguage: true,
});
// A row without an email is a person without an account (decision 036): every other rule holds.
const rulesWithoutEmail = rules.omit({ email: true });
const OPTIONAL: ImportedField[] = ['address', 'dateOfBirth', 'gender', 'primaryLanguage'];

const reason = (field: string, key: string, message: string) => ({ field, key, message });

/**
 * The people stored under the file's emails, `pace.chunk` emails to a query with a pause between:
 * on the embedded database awaited queries never give the event loop a turn, so ten queries of a
 * thousand emails held live captions for a fifth of a second (decision 036, "Live captions first").
 */
async function existingPeople(db: Db, emails: string[], pace: Pace): Promise<Map<string, StoredPerson>> {
  const found = new Map<string, StoredPerson>();
  for (let i = 0; i < emails.length; i += pace.chunk) {
    if (i > 0) await pace.pause();
    const rows = await db.select(personColumns).from(users).where(and(inArray(sql`lower(${users.email})`, emails.slice(i, i + pace.chunk)), isNull(users.purgedAt)));
    for (const r of rows) found.set(r.email!.toLowerCase(), r as StoredPerson);
  }
  return found;
}

/** The stored value of a checked field: '' of an optional field is no value. */
function storedOf(values: RowValues, parsed: Record<string, unknown>): Record<ImportedField, string | null> {
  return Object.fromEntries(IMPORTED_FIELDS.map((f) => {
    const v = (parsed[f] as string | undefined) ?? values[f];
    return [f, (OPTIONAL.includes(f) || f === 'email') && v === '' ? null : v];
  })) as Record<ImportedField, string | null>;
}

/**
 * Every row's outcome, checked by the forms' rules, against the people already stored: new, an
 * update of the person with the same email (only the fields the file gives that differ), unchanged,
 * or refused with its reasons. A later row repeating an email is refused naming the first. A row
 * without an email is the church's person of the same name and phone or date of birth (identity.ts);
 * a later row that is the same person is refused the same way.
 */
export async function planRows(db: Db, churchId: string, table: Table, mapping: Array<ImportField | null>, pace: Pace): Promise<PlannedRow[]> {
  const all = await rowValuesOf(table, mapping);
  const existing = await existingPeople(db, [...new Set(all.map((v) => v.email).filter(Boolean))], pace);
  const withoutEmail = all.some((v) => v.email === '') ? await churchPeopleByName(db, churchId) : new NoEmailIndex<StoredPerson>();
  const firstRowOf = new Map<string, number>();
  const firstNoEmailRow = new NoEmailIndex<number>();
  const planned: PlannedRow[] = [];
  for (const [i, values] of all.entries()) {
    if (i % SLICE === SLICE - 1) await breathe();
    planned.push(planRow(values, i));
  }
  return planned;

  function planRow(values: RowValues, i: number): PlannedRow {
    const row = i + 2;
    const base = { row, name: `${values.firstName} ${values.lastName}`.trim(), email: values.email, changes: [] as string[] };
    const refuse = (reasons: PlannedRow['reasons']): PlannedRow => ({ ...base, outcome: 'refused', reasons, cells: table.rows[i]!.map((c) => c ?? '') });
    const input = Object.fromEntries(IMPORTED_FIELDS.map((f) => [f, OPTIONAL.includes(f) && f !== 'address' && values[f] === '' ? undefined : values[f]]));
    const parsed = values.email === '' ? rulesWithoutEmail.safeParse(input) : rules.safeParse(input);
    if (!parsed.success) {
      // One reason per field, as the forms show it: an empty suburb is "required", not also "letters only".
      const field = (issue: (typeof parsed.error.issues)[number]) => String(issue.path[0] ?? 'row');
      const first = parsed.error.issues.filter((issue, i, all) => all.findIndex((other) => field(other) === field(issue)) === i);
      return refuse(first.map((issue) => reason(field(issue), issue.message, englishValidationMessage(issue.message))));
    }
    const stored = storedOf(values, parsed.data);
    const key = values.email === '' ? keyOf(stored) : null;
    const earlier = key ? firstNoEmailRow.find(key) : firstRowOf.get(values.email);
    if (earlier !== undefined && key) return refuse([reason('firstName', 'peopleImport.reason.samePersonInFile', `The same person (name and phone or date of birth, no email) is on row ${earlier}`)]);
    if (earlier !== undefined) return refuse([reason('email', 'peopleImport.reason.duplicateInFile', `The same email is on row ${earlier}`)]);
    if (key) firstNoEmailRow.add(key, row);
    else firstRowOf.set(values.email, row);
    const person = key ? withoutEmail.find(key) : existing.get(values.email);
    if (!person) return { ...base, outcome: 'new', reasons: [], values: stored };
    // A blank optional cell leaves what is stored: an export that lacks a column erases nothing.
    const changes = IMPORTED_FIELDS.filter((f) => stored[f] !== null && stored[f] !== (person[f] ?? null) && f !== 'email');
    if (changes.length === 0) return { ...base, outcome: 'unchanged' as ImportOutcome, reasons: [], userId: person.id };
    if (key && person.role !== 'member') {
      return refuse([reason('firstName', 'peopleImport.reason.notYoursPerson', 'This person is someone an import cannot change (staff or an administrator)')]);
    }
    if (person.churchId !== churchId || person.role !== 'member') {
      return refuse([reason('email', 'peopleImport.reason.notYours', 'This email belongs to someone an import cannot change (another church, staff or an administrator)')]);
    }
    return { ...base, outcome: 'update', changes, reasons: [], userId: person.id, values: Object.fromEntries(changes.map((f) => [f, stored[f]])) };
  }
}

export function countsOf(rows: PlannedRow[]) {
  const counts = { new: 0, update: 0, unchanged: 0, refused: 0 };
  for (const r of rows) counts[r.outcome] += 1;
  return counts;
}
