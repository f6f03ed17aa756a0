import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { ImportedField } from './row-values';

/**
 * Who a row without an email is (decision 036, "People without an email"). With no email to key on,
 * a person is their name, told apart by their phone or date of birth: the same normalised first and
 * last name, a phone or a date of birth in common, and no date of birth that differs (a father and
 * son of one name share the home phone but not their birthday).
 */
export interface NoEmailKey {
  name: string;
  phone: string | null;
  dateOfBirth: string | null;
}

/** Lower case, accents and repeated spaces gone: "José  SILVA" and "jose silva" are one name. */
export function normalisedName(first: string, last: string): string {
  return `${first} ${last}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function keyOf(values: Record<'firstName' | 'lastName' | 'phone' | 'dateOfBirth', string | null>): NoEmailKey {
  return { name: normalisedName(values.firstName ?? '', values.lastName ?? ''), phone: values.phone || null, dateOfBirth: values.dateOfBirth || null };
}

export function samePerson(a: NoEmailKey, b: NoEmailKey): boolean {
  if (a.name !== b.name) return false;
  if (a.dateOfBirth && b.dateOfBirth && a.dateOfBirth !== b.dateOfBirth) return false;
  return (!!a.phone && a.phone === b.phone) || (!!a.dateOfBirth && a.dateOfBirth === b.dateOfBirth);
}

/** People filed by normalised name, each found by `samePerson`; the first filed wins. */
export class NoEmailIndex<T> {
  private readonly byName = new Map<string, Array<{ key: NoEmailKey; value: T }>>();

  add(key: NoEmailKey, value: T): void {
    const list = this.byName.get(key.name);
    if (list) list.push({ key, value });
    else this.byName.set(key.name, [{ key, value }]);
  }

  find(key: NoEmailKey): T | undefined {
    return this.byName.get(key.name)?.find((e) => samePerson(e.key, key))?.value;
  }
}

export type StoredPerson = { id: string; email: string | null; role: string; churchId: string | null } & Record<ImportedField, string | null>;

export const personColumns = {
  id: users.id, email: users.email, role: users.role, churchId: users.churchId, firstName: users.firstName, lastName: users.lastName,
  phone: users.phone, suburb: users.suburb, address: users.address, dateOfBirth: users.dateOfBirth, gender: users.gender, primaryLanguage: users.primaryLanguage,
};

/**
 * Whom a row without an email can be: anyone of the church, with an email or without. A person
 * imported without one and given one since is still the row of the file they came from, so the same
 * file again must not make them twice.
 */
export async function churchPeopleByName(db: Db, churchId: string): Promise<NoEmailIndex<StoredPerson>> {
  const index = new NoEmailIndex<StoredPerson>();
  const rows = await db.select(personColumns).from(users).where(and(eq(users.churchId, churchId), isNull(users.purgedAt)));
  for (const r of rows) index.add(keyOf(r), r as StoredPerson);
  return index;
}
