import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { DELETION_DAYS, type DeletionRequest, type deletionRequestListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { churches, deletionRequests, users } from '../../db/schema';
import { searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';

const DAY_MS = 24 * 60 * 60_000;

/** When the personal data must be gone unless the request is rejected (spec section 1). */
export const deleteByOf = (requestedAt: Date) => new Date(requestedAt.getTime() + DELETION_DAYS * DAY_MS);

const selectRequests = (db: Db) =>
  db
    .select({
      row: deletionRequests,
      personName: sql<string | null>`case when ${users.purgedAt} is null then nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') end`,
      personEmail: sql<string | null>`case when ${users.purgedAt} is null then ${users.email} end`,
      churchName: churches.name,
    })
    .from(deletionRequests)
    .leftJoin(users, eq(users.id, deletionRequests.userId))
    .leftJoin(churches, eq(churches.id, deletionRequests.churchId))
    .$dynamic();

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

export function toDeletionRequest(r: RequestRow): DeletionRequest {
  const d = r.row;
  return {
    id: d.id,
    status: d.status,
    reason: d.reason,
    details: d.details,
    requestedAt: d.requestedAt.toISOString(),
    deleteBy: deleteByOf(d.requestedAt).toISOString(),
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    approvedAutomatically: d.approvedAutomatically,
    rejectionReason: d.rejectionReason,
    escalatedAt: d.escalatedAt?.toISOString() ?? null,
    purgedAt: d.purgedAt?.toISOString() ?? null,
    userId: d.userId,
    personName: r.personName,
    personEmail: r.personEmail,
    churchId: d.churchId,
    churchName: r.churchName,
  };
}

export const requestById = (db: Db, id: string) => selectRequests(db).where(eq(deletionRequests.id, id)).limit(1);
export const requestsOf = (db: Db, userId: string) =>
  selectRequests(db).where(eq(deletionRequests.userId, userId)).orderBy(deletionRequests.requestedAt);
export const latestRequestOf = (db: Db, userId: string) =>
  selectRequests(db).where(eq(deletionRequests.userId, userId)).orderBy(sql`${deletionRequests.requestedAt} desc`).limit(1);

/** Deletion requests as one list of the list machinery: oldest pending first is what reviewers need. */
export const requestSource = (db: Db): ListSource<ReturnType<typeof selectRequests>, DeletionRequest> => ({
  rows: () => selectRequests(db),
  count: () => db.select({ n: count() }).from(deletionRequests).leftJoin(users, eq(users.id, deletionRequests.userId)).$dynamic(),
  sortable: { requestedAt: deletionRequests.requestedAt, status: deletionRequests.status },
  defaultSort: '-requestedAt',
  tiebreak: deletionRequests.id,
  toItem: toDeletionRequest,
});

export function requestWhere(churchScope: string | null, q: z.output<typeof deletionRequestListQuery>): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchScope ? eq(deletionRequests.churchId, churchScope) : undefined,
    q.churchId ? eq(deletionRequests.churchId, q.churchId) : undefined,
    q.status ? eq(deletionRequests.status, q.status) : undefined,
    searchMatches(sql`coalesce(${users.searchText}, '')`, q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

export const requestCsvColumns: CsvColumn<DeletionRequest>[] = [
  { header: 'requestedAt', value: (r) => r.requestedAt },
  { header: 'status', value: (r) => r.status },
  { header: 'reason', value: (r) => r.reason },
  { header: 'details', value: (r) => r.details },
  { header: 'name', value: (r) => r.personName },
  { header: 'email', value: (r) => r.personEmail },
  { header: 'church', value: (r) => r.churchName },
  { header: 'deleteBy', value: (r) => r.deleteBy },
  { header: 'reviewedAt', value: (r) => r.reviewedAt },
  { header: 'rejectionReason', value: (r) => r.rejectionReason },
  { header: 'purgedAt', value: (r) => r.purgedAt },
];
