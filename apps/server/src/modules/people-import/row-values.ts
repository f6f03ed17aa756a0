import type { ImportField } from '@app/shared';
import { firstNameRank, isMobileHeader } from './columns';
import { breathe, SLICE } from './pace';
import { cleanText, dayOrderOf, normaliseDate, normaliseGender, normaliseLanguage, normalisePhone, splitAddress, splitFullName, type DayOrder } from './normalise';
import type { Table } from './table-shape';

/** The person fields an import writes; role, church and everything staff or payroll never. */
export const IMPORTED_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'suburb', 'address', 'dateOfBirth', 'gender', 'primaryLanguage'] as const;
export type ImportedField = (typeof IMPORTED_FIELDS)[number];
export type RowValues = Record<ImportedField, string>;

const columnsOf = (mapping: Array<ImportField | null>, field: ImportField) => mapping.flatMap((f, i) => (f === field ? [i] : []));

/**
 * A cell as its text: an export's protective apostrophe before = + - @ (or a tab or return, lib/lists.ts)
 * taken off, so a list exported and imported again changes nothing (decision 042).
 */
export const cellValue = (value: string | undefined) => cleanText((value ?? '').replace(/^'(?=[=+\-@\t\r])/, ''));

/** Reads each row's person values through the mapping: split, combined and normalised. A blank row gives empty values. */
export async function rowValuesOf(table: Table, mapping: Array<ImportField | null>): Promise<RowValues[]> {
  // Each field's columns found once, not once per row: 10,000 rows made 100,000 small arrays.
  const found = new Map<ImportField, number[]>();
  const col = (field: ImportField) => found.get(field) ?? found.set(field, columnsOf(mapping, field)).get(field)!;
  const phones = col('phone').sort((a, b) => Number(isMobileHeader(table.headers[b] ?? '')) - Number(isMobileHeader(table.headers[a] ?? '')));
  const firsts = col('firstName').sort((a, b) => firstNameRank(table.headers[a] ?? '') - firstNameRank(table.headers[b] ?? ''));
  const dates = col('dateOfBirth');
  const order: DayOrder = dayOrderOf(table.rows.flatMap((r) => dates.map((i) => r[i] ?? '')));
  const first = (row: string[], columns: number[]) => columns.map((i) => cellValue(row[i])).find((v) => v !== '') ?? '';
  const out: RowValues[] = [];
  for (const [i, row] of table.rows.entries()) {
    if (i % SLICE === SLICE - 1) await breathe();
    const full = splitFullName(first(row, col('fullName')));
    const place = splitAddress(first(row, col('fullAddress')));
    // Breeze puts several emails in one cell, separated by commas: the first is the person's.
    const email = first(row, col('email')).split(/[,;\s]+/)[0] ?? '';
    out.push({
      firstName: first(row, col('preferredName')) || first(row, firsts) || full.first,
      lastName: first(row, col('lastName')) || full.last,
      email: email.toLowerCase(),
      phone: normalisePhone(first(row, phones)),
      suburb: first(row, col('suburb')) || place.suburb,
      address: col('address').map((i) => cellValue(row[i])).filter(Boolean).join(', ') || place.address,
      dateOfBirth: normaliseDate(first(row, dates), order),
      gender: normaliseGender(first(row, col('gender'))),
      primaryLanguage: normaliseLanguage(first(row, col('primaryLanguage'))),
    });
  }
  return out;
}
