import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParams,
  listenerListQuery,
  listenerSessionSchema,
  myDashboardSchema,
  newUserItemSchema,
  newUserListQuery,
  salvationItemSchema,
  salvationListQuery,
  sermonAnalyticsItemSchema,
  sermonAnalyticsListQuery,
  sermonDetailSchema,
  summaryQuery,
  summarySchema,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { salvationCsvColumns, listenerCsvColumns, newUserCsvColumns, sermonCsvColumns } from './csv-columns';
import {
  allAnalyticsSermons,
  allNewUsers,
  allSalvations,
  allSermonListeners,
  listAnalyticsSermons,
  listNewUsers,
  listSalvations,
  listSermonListeners,
  myDashboard,
  sermonDetail,
  summary,
} from './service';

/** Dashboard and analytics (spec section 2 Screen contents; decision 015). */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  api.get('/analytics/summary', {
    schema: {
      tags,
      summary: 'Dashboard figures and chart series for one church (or all, for platform admins) over a date range',
      description: '`range` is 24h, week, month, year or custom (`from`/`to` as dates, both included). Days and weeks start at midnight (Monday) in the church’s time zone.',
      querystring: summaryQuery,
      response: { 200: summarySchema },
    },
    config: { requires: 'analytics:read' },
  }, async (req) => summary(ctx, requireActor(req), req.query));

  api.get('/analytics/my-dashboard', {
    schema: { tags, summary: 'The signed-in person’s dashboard: today’s sermons, their own, next events, recent listening', response: { 200: myDashboardSchema } },
    config: { requires: 'signed-in' },
  }, async (req) => myDashboard(ctx, requireActor(req)));

  registerListRoutes(app, {
    url: '/analytics/salvations', tags, summary: 'People who accepted Jesus, with their follow-up', querystring: salvationListQuery,
    item: salvationItemSchema, requires: 'salvations:read', filename: 'salvations.csv', csvColumns: salvationCsvColumns,
    page: (actor, q) => listSalvations(ctx, actor, q), all: (actor, q) => allSalvations(ctx, actor, q),
  });
  registerListRoutes(app, {
    url: '/analytics/new-users', tags, summary: 'Members who joined in the range', querystring: newUserListQuery,
    item: newUserItemSchema, requires: 'analytics:read', filename: 'new-users.csv', csvColumns: newUserCsvColumns,
    page: (actor, q) => listNewUsers(ctx, actor, q), all: (actor, q) => allNewUsers(ctx, actor, q),
  });
  registerListRoutes(app, {
    url: '/analytics/sermons', tags, summary: 'Sermons (`status=live|ended`) with listeners per language', querystring: sermonAnalyticsListQuery,
    item: sermonAnalyticsItemSchema, requires: 'analytics:read', filename: 'sermons.csv', csvColumns: sermonCsvColumns,
    page: (actor, q) => listAnalyticsSermons(ctx, actor, q), all: (actor, q) => allAnalyticsSermons(ctx, actor, q),
  });
  registerListRoutes(app, {
    url: '/analytics/listeners', tags, summary: 'Listeners of one sermon (`sermonId`); guests are anonymous', querystring: listenerListQuery,
    item: listenerSessionSchema, requires: 'analytics:read', filename: 'listeners.csv', csvColumns: listenerCsvColumns,
    page: (actor, q) => listSermonListeners(ctx, actor, q), all: (actor, q) => allSermonListeners(ctx, actor, q),
  });

  api.get('/analytics/sermons/:id', {
    schema: { tags, summary: 'One sermon’s figures: duration, minutes charged, languages, listeners, decisions', params: idParams, response: { 200: sermonDetailSchema } },
    config: { requires: 'analytics:read' },
  }, async (req) => sermonDetail(ctx, requireActor(req), req.params.id));
}
