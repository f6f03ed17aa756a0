import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Person } from '@app/shared';
import type { Db } from '../../db/client';
import { churches, users } from '../../db/schema';
import { humanOrder, type CsvColumn } from '../../lib/lists';
import { fileUrl } from '../../providers/storage/image-store';

const referrer = alias(users, 'referrer');

/**
 * The columns of `users` a person is shown with: not the password hash, search text or digest
 * settings, which no view of a person needs (and a list of 20 would read and map for nothing).
 */
const shownUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  suburb: users.suburb,
  address: users.address,
  dateOfBirth: users.dateOfBirth,
  gender: users.gender,
  role: users.role,
  accountStatus: users.accountStatus,
  churchId: users.churchId,
  primaryLanguage: users.primaryLanguage,
  faithLevel: users.faithLevel,
  attendedBefore: users.attendedBefore,
  broughtBy: users.broughtBy,
  referralSource: users.referralSource,
  referralCode: users.referralCode,
  referredById: users.referredById,
  acceptedJesus: users.acceptedJesus,
  acceptedJesusAt: users.acceptedJesusAt,
  photoPath: users.photoPath,
  createdAt: users.createdAt,
  importedAt: users.importedAt,
};

/** The columns a person is shown with, joined once for lists, detail pages and exports. */
export const personColumns = {
  user: shownUserColumns,
  churchName: churches.name,
  referredByName: sql<string | null>`nullif(trim(${referrer.firstName} || ' ' || ${referrer.lastName}), '')`,
};

type ShownUser = { [K in keyof typeof shownUserColumns]: (typeof users.$inferSelect)[K] };
export type PersonRow = { user: ShownUser; churchName: string | null; referredByName: string | null };

/** `users` with the joins every person view needs; the caller adds more joins and the where. */
export function selectPeople<T extends SelectedFields = Record<string, never>>(db: Db, extra?: T) {
  return db
    .select({ ...personColumns, ...(extra as T) })
    .from(users)
    .leftJoin(churches, eq(churches.id, users.churchId))
    .leftJoin(referrer, eq(referrer.id, users.referredById));
}

/** A page's keys: `users.id` alone, joined to churches only for sorting by church name (PostgreSQL drops the join otherwise). */
export const personKeys = (db: Db) => db.select({ key: users.id }).from(users).leftJoin(churches, eq(churches.id, users.churchId));
export const personKeyOf = (row: unknown) => (row as PersonRow).user.id;

/** Counting needs no joins: every filter is on `users` (or on a joined table the caller adds). */
export const countPeople = (db: Db) => db.select({ n: count() }).from(users);

export function toPerson(row: PersonRow): Person {
  const u = row.user;
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    suburb: u.suburb,
    address: u.address,
    dateOfBirth: u.dateOfBirth,
    gender: u.gender,
    role: u.role,
    status: u.accountStatus,
    churchId: u.churchId,
    churchName: row.churchName,
    primaryLanguage: u.primaryLanguage,
    faithLevel: u.faithLevel,
    attendedBefore: u.attendedBefore,
    broughtBy: u.broughtBy,
    referralSource: u.referralSource,
    referralCode: u.referralCode,
    referredById: u.referredById,
    referredByName: row.referredByName,
    acceptedJesus: u.acceptedJesus,
    acceptedJesusAt: u.acceptedJesusAt?.toISOString() ?? null,
    photoUrl: u.photoPath ? fileUrl(u.photoPath) : null,
    createdAt: u.createdAt.toISOString(),
    importedAt: u.importedAt?.toISOString() ?? null,
  };
}

/** Sort keys shared by every list of people. */
export const personSortable = {
  firstName: humanOrder(users.firstName),
  lastName: humanOrder(users.lastName),
  email: users.email,
  phone: users.phone,
  suburb: humanOrder(users.suburb),
  churchName: humanOrder(churches.name),
  role: users.role,
  createdAt: users.createdAt,
};

/** Filters every list of people understands. */
export function personFilters(f: { churchScope: string | null; churchId?: string; role?: string; status?: string }): SQL[] {
  // A person whose data was purged stays only as an anonymous row for the counts (decision 016).
  const where: SQL[] = [isNull(users.purgedAt)];
  if (f.churchScope) where.push(eq(users.churchId, f.churchScope));
  if (f.churchId) where.push(eq(users.churchId, f.churchId));
  if (f.role) where.push(sql`${users.role} = ${f.role}`);
  if (f.status) where.push(sql`${users.accountStatus} = ${f.status}`);
  return where;
}

export const allOf = (conds: Array<SQL | undefined>) => and(...conds.filter((c): c is SQL => c !== undefined));

/**
 * CSV and XLSX columns of a person (the same names as the JSON). The people import reads these
 * headers back (decision 036): an export imported again changes nothing.
 */
export const personCsvColumns: CsvColumn<Person>[] = [
  { header: 'firstName', value: (p) => p.firstName },
  { header: 'lastName', value: (p) => p.lastName },
  { header: 'email', value: (p) => p.email },
  { header: 'phone', value: (p) => p.phone },
  { header: 'suburb', value: (p) => p.suburb },
  { header: 'address', value: (p) => p.address },
  { header: 'dateOfBirth', value: (p) => p.dateOfBirth },
  { header: 'gender', value: (p) => p.gender },
  { header: 'church', value: (p) => p.churchName },
  { header: 'role', value: (p) => p.role },
  { header: 'status', value: (p) => p.status },
  { header: 'primaryLanguage', value: (p) => p.primaryLanguage },
  { header: 'faithLevel', value: (p) => p.faithLevel },
  { header: 'acceptedJesus', value: (p) => p.acceptedJesus },
  { header: 'acceptedJesusAt', value: (p) => p.acceptedJesusAt },
  { header: 'referralSource', value: (p) => p.referralSource },
  { header: 'referredBy', value: (p) => p.referredByName },
  { header: 'createdAt', value: (p) => p.createdAt },
];
