import type { FastifyInstance } from 'fastify';
import { auditEntrySchema, auditListQuery } from '@app/shared';
import type { AppContext } from '../../context';
import { churchFilter } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { listAll, listPage } from '../../lib/lists';
import { auditCsvColumns, auditSource, auditWhere } from './audit-source';

/**
 * GET /audit: church admins their church's entries, platform admins all. Read only by design:
 * no route changes or deletes an entry.
 */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  registerListRoutes(app, {
    url: '/audit',
    tags: ['audit'],
    summary: 'The audit log: who did what to which record, and when (filters: actorId, action, targetType, targetId, from, to)',
    querystring: auditListQuery,
    item: auditEntrySchema,
    requires: 'audit:read',
    filename: 'audit-log.csv',
    csvColumns: auditCsvColumns,
    page: (actor, q) => listPage(auditSource(ctx.db), q, auditWhere(churchFilter(actor, 'audit:read'), q)),
    all: (actor, q) => listAll(auditSource(ctx.db), q.sort, auditWhere(churchFilter(actor, 'audit:read'), q)),
  });
}
