import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, auditListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog, churches, users } from '../../db/schema';
import { searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';

const actor = alias(users, 'actor');

const selectEntries = (db: Db) =>
  db
    .select({
      row: auditLog,
      churchName: churches.name,
      actorName: sql<string | null>`nullif(trim(${actor.firstName} || ' ' || ${actor.lastName}), '')`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(churches, eq(churches.id, auditLog.churchId))
    .$dynamic();

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

const toEntry = (r: EntryRow): AuditEntry => ({
  id: r.row.id,
  at: r.row.at.toISOString(),
  action: r.row.action,
  targetType: r.row.targetType,
  targetId: r.row.targetId,
  churchId: r.row.churchId,
  churchName: r.churchName,
  actorId: r.row.actorId,
  actorName: r.actorName,
  details: (r.row.details as Record<string, unknown> | null) ?? null,
});

/** The audit log as one list of the list machinery (decision 010); it has no write path. */
export const auditSource = (db: Db): ListSource<ReturnType<typeof selectEntries>, AuditEntry> => ({
  rows: () => selectEntries(db),
  count: () => db.select({ n: count() }).from(auditLog).leftJoin(actor, eq(actor.id, auditLog.actorId)).$dynamic(),
  sortable: { at: auditLog.at, action: auditLog.action },
  defaultSort: '-at',
  tiebreak: auditLog.id,
  toItem: toEntry,
});

export function auditWhere(churchScope: string | null, q: z.output<typeof auditListQuery>): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchScope ? eq(auditLog.churchId, churchScope) : undefined,
    q.churchId ? eq(auditLog.churchId, q.churchId) : undefined,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.targetType ? eq(auditLog.targetType, q.targetType) : undefined,
    q.targetId ? eq(auditLog.targetId, q.targetId) : undefined,
    q.from ? gte(auditLog.at, new Date(q.from)) : undefined,
    q.to ? lt(auditLog.at, new Date(q.to)) : undefined,
    // Who by name or email, or what by action name.
    searchMatches(sql`f_unaccent(lower(${auditLog.action} || ' ' || coalesce(${actor.searchText}, '')))`, q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

export const auditCsvColumns: CsvColumn<AuditEntry>[] = [
  { header: 'at', value: (e) => e.at },
  { header: 'action', value: (e) => e.action },
  { header: 'who', value: (e) => e.actorName },
  { header: 'actorId', value: (e) => e.actorId },
  { header: 'recordType', value: (e) => e.targetType },
  { header: 'recordId', value: (e) => e.targetId },
  { header: 'church', value: (e) => e.churchName },
  { header: 'details', value: (e) => (e.details ? JSON.stringify(e.details) : '') },
];
