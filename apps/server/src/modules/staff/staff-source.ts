import { eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { StaffListItem, staffListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { staffDetails, users } from '../../db/schema';
import { humanOrder, searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';
import { listStatements } from '../../lib/list-statements';
import { allOf, countPeople, personKeyOf, personKeys, personCsvColumns, personFilters, personSortable, selectPeople, toPerson, type PersonRow } from '../users/person-source';
import { hasPayroll } from './payroll';

type StaffRow = PersonRow & { staff: typeof staffDetails.$inferSelect | null };

export const selectStaff = (db: Db) =>
  selectPeople(db, { staff: staffDetails }).leftJoin(staffDetails, eq(staffDetails.userId, users.id)).$dynamic();

/** A staff member as lists and exports show them: the staff record, and only whether pay is on file. */
export function toStaffItem(row: StaffRow): StaffListItem {
  const s = row.staff;
  // Added to the person, not spread into a new literal: V8 gives every object spread from the
  // person's 25 fields and grown by these 18 a hidden class of its own, so each item cost about
  // 20 times as much to build, and more to check and serialise.
  return Object.assign(toPerson(row), {
    jobTitle: s?.jobTitle ?? null,
    department: s?.department ?? null,
    employmentType: s?.employmentType ?? null,
    workLocation: s?.workLocation ?? null,
    startDate: s?.startDate ?? null,
    endDate: s?.endDate ?? null,
    workEmail: s?.workEmail ?? null,
    countryOfOrigin: s?.countryOfOrigin ?? null,
    systemAccessLevel: s?.systemAccessLevel ?? null,
    assignedTeams: s?.assignedTeams ?? null,
    educationLevel: s?.educationLevel ?? null,
    certifications: s?.certifications ?? null,
    skills: s?.skills ?? null,
    languagesSpoken: s?.languagesSpoken ?? null,
    employeeId: s?.employeeId ?? null,
    linkedinUrl: s?.linkedinUrl ?? null,
    notes: s?.notes ?? null,
    hasPayroll: hasPayroll(s),
  });
}

export const staffSource = (db: Db): ListSource<ReturnType<typeof selectStaff>, StaffListItem> => ({
  rows: () => selectStaff(db),
  count: () => countPeople(db).leftJoin(staffDetails, eq(staffDetails.userId, users.id)).$dynamic(),
  sortable: {
    ...personSortable,
    jobTitle: humanOrder(staffDetails.jobTitle),
    department: humanOrder(staffDetails.department),
    startDate: staffDetails.startDate,
  },
  defaultSort: 'lastName',
  tiebreak: users.id,
  keys: () => personKeys(db).leftJoin(staffDetails, eq(staffDetails.userId, users.id)).$dynamic(),
  keyOf: personKeyOf,
  toItem: (row) => toStaffItem(row as StaffRow),
  statements: listStatements(db, 'staff'),
});

export function staffWhere(churchScope: string | null, q: z.output<typeof staffListQuery>): SQL | undefined {
  return allOf([
    ...personFilters({ churchScope, churchId: q.churchId, role: 'staff' }),
    q.employmentType ? sql`${staffDetails.employmentType} = ${q.employmentType}` : undefined,
    q.workLocation ? sql`${staffDetails.workLocation} = ${q.workLocation}` : undefined,
    q.current === undefined
      ? undefined
      : q.current
        ? or(isNull(staffDetails.endDate), gte(staffDetails.endDate, sql`current_date`))
        : sql`${staffDetails.endDate} < current_date`,
    searchMatches(users.searchText, q.q),
  ]);
}

/** CSV of staff: the person and the staff record; no payroll value, masked or not. */
export const staffCsvColumns: CsvColumn<StaffListItem>[] = [
  ...(personCsvColumns as CsvColumn<StaffListItem>[]).filter((c) => !['faithLevel', 'acceptedJesus', 'acceptedJesusAt', 'referralSource', 'referredBy'].includes(c.header)),
  { header: 'jobTitle', value: (s) => s.jobTitle },
  { header: 'department', value: (s) => s.department },
  { header: 'employmentType', value: (s) => s.employmentType },
  { header: 'workLocation', value: (s) => s.workLocation },
  { header: 'startDate', value: (s) => s.startDate },
  { header: 'endDate', value: (s) => s.endDate },
  { header: 'workEmail', value: (s) => s.workEmail },
  { header: 'employeeId', value: (s) => s.employeeId },
  { header: 'languagesSpoken', value: (s) => s.languagesSpoken },
  { header: 'hasPayroll', value: (s) => s.hasPayroll },
];
