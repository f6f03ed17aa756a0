import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorListQuery, createAdministratorBody, idParams, personSchema, updateAdministratorBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { personCsvColumns } from '../users/person-source';
import { allAdministrators, createAdministrator, deleteAdministrator, getAdministrator, listAdministrators, updateAdministrator } from './service';

/** Church and platform administrators: platform admins only (spec section 6). */
export async function administratorRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administrators'];
  const requires = 'administrators:manage' as const;

  registerListRoutes(app, {
    url: '/administrators',
    tags,
    summary: 'Church and platform administrators',
    querystring: administratorListQuery,
    item: personSchema,
    requires,
    filename: 'administrators.csv',
    csvColumns: personCsvColumns.filter((c) => ['firstName', 'lastName', 'email', 'phone', 'suburb', 'church', 'role', 'createdAt'].includes(c.header)),
    page: (_actor, q) => listAdministrators(ctx, q),
    all: (_actor, q) => allAdministrators(ctx, q),
  });

  api.post('/administrators', {
    schema: {
      tags,
      summary: 'Add an administrator; a church administrator belongs to exactly one church',
      body: createAdministratorBody,
      response: { 201: personSchema },
    },
    config: { requires },
  }, async (req, reply) => reply.code(201).send(await createAdministrator(ctx, requireActor(req), req.body)));

  api.get('/administrators/:id', {
    schema: { tags, summary: 'One administrator', params: idParams, response: { 200: personSchema } },
    config: { requires },
  }, async (req) => getAdministrator(ctx, req.params.id));

  api.patch('/administrators/:id', {
    schema: {
      tags,
      summary: 'Edit an administrator; `role` demotes or promotes',
      description: 'Nobody changes their own role (403 `self_change`); the last platform admin cannot be demoted (409 `last_platform_admin`).',
      params: idParams,
      body: updateAdministratorBody,
      response: { 200: personSchema },
    },
    config: { requires },
  }, async (req) => updateAdministrator(ctx, requireActor(req), req.params.id, req.body));

  api.delete('/administrators/:id', {
    schema: {
      tags,
      summary: 'Delete an administrator; never oneself, never the last platform admin',
      params: idParams,
      response: { 204: z.null() },
    },
    config: { requires },
  }, async (req, reply) => {
    await deleteAdministrator(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });
}
