import { and, inArray, isNull, sql } from 'drizzle-orm';
import { englishValidationMessage, personFields, type ImportField, type ImportOutcome, type PreviewRow } from '@app/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { breathe, IMPORTED_FIELDS, rowValuesOf, SLICE, type ImportedField, type RowValues } from './row-values';
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
const OPTIONAL: ImportedField[] = ['address', 'dateOfBirth', 'gender', 'primaryLanguage'];

const reason = (field: string, key: string, message: string) => ({ field, key, message });

type Existing = { id: string; email: string; role: string; churchId: string | null } & Record<ImportedField, string | null>;

async function existingPeople(db: Db, emails: string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (let i = 0; i < emails.length; i += 1000) {
    const rows = await db.select({
      id: users.id, email: users.email, role: users.role, churchId: users.churchId, firstName: users.firstName, lastName: users.lastName,
      phone: users.phone, suburb: users.suburb, address: users.address, dateOfBirth: users.dateOfBirth, gender: users.gender, primaryLanguage: users.primaryLanguage,
    }).from(users).where(and(inArray(sql`lower(${users.email})`, emails.slice(i, i + 1000)), isNull(users.purgedAt)));
    for (const r of rows) found.set(r.email.toLowerCase(), r as Existing);
  }
  return found;
}

/** The stored value of a checked field: '' of an optional field is no value. */
function storedOf(values: RowValues, parsed: Record<string, unknown>): Record<ImportedField, string | null> {
  return Object.fromEntries(IMPORTED_FIELDS.map((f) => {
    const v = (parsed[f] as string | undefined) ?? values[f];
    return [f, OPTIONAL.includes(f) && v === '' ? null : v];
  })) as Record<ImportedField, string | null>;
}

/**
 * Every row's outcome, checked by the forms' rules, against the people already stored: new, an
 * update of the person with the same email (only the fields the file gives that differ), unchanged,
 * or refused with its reasons. A later row repeating an email is refused naming the first.
 */
export async function planRows(db: Db, churchId: string, table: Table, mapping: Array<ImportField | null>): Promise<PlannedRow[]> {
  const all = await rowValuesOf(table, mapping);
  const existing = await existingPeople(db, [...new Set(all.map((v) => v.email).filter(Boolean))]);
  const firstRowOf = new Map<string, number>();
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
    const parsed = rules.safeParse(input);
    if (!parsed.success) {
      return refuse(parsed.error.issues.map((issue) => reason(String(issue.path[0] ?? 'row'), issue.message, englishValidationMessage(issue.message))));
    }
    const earlier = firstRowOf.get(values.email);
    if (earlier !== undefined) return refuse([reason('email', 'peopleImport.reason.duplicateInFile', `The same email is on row ${earlier}`)]);
    firstRowOf.set(values.email, row);
    const stored = storedOf(values, parsed.data);
    const person = existing.get(values.email);
    if (!person) return { ...base, outcome: 'new', reasons: [], values: stored };
    // A blank optional cell leaves what is stored: an export that lacks a column erases nothing.
    const changes = IMPORTED_FIELDS.filter((f) => stored[f] !== null && stored[f] !== (person[f] ?? null) && f !== 'email');
    if (changes.length === 0) return { ...base, outcome: 'unchanged' as ImportOutcome, reasons: [], userId: person.id };
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
