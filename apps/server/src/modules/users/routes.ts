import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationBody, createUserBody, idParams, personSchema, updateUserBody, userListQuery } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { acceptInvitation } from './invitations';
import { personCsvColumns } from './person-source';
import { allUsers, createUser, deleteUser, getUser, listUsers, updateUser } from './service';

/** People of a church: list, view, add, edit, delete. */
export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  registerListRoutes(app, {
    url: '/users',
    tags,
    summary: 'People of the church (every church, `?churchId=` to filter, for platform admins)',
    querystring: userListQuery,
    item: personSchema,
    requires: 'users:list',
    filename: 'users.csv',
    csvColumns: personCsvColumns,
    page: (actor, q) => listUsers(ctx, actor, q),
    all: (actor, q) => allUsers(ctx, actor, q),
  });

  api.post('/users', {
    schema: {
      tags,
      summary: 'Add a person with a password, or `invite: true` to email them a link to set their own',
      description: '`role: "staff"` is for church and platform admins. A taken email answers 409.',
      body: createUserBody,
      response: { 201: personSchema },
    },
    config: { requires: 'users:list' },
  }, async (req, reply) => reply.code(201).send(await createUser(ctx, requireActor(req), req.body)));

  api.get('/users/:id', {
    schema: { tags, summary: 'One person', params: idParams, response: { 200: personSchema } },
    config: { requires: 'users:read' },
  }, async (req) => getUser(ctx, requireActor(req), req.params.id));

  api.patch('/users/:id', {
    schema: {
      tags,
      summary: 'Edit a person; only the fields sent change',
      description: 'Staff edit members of their church and cannot change roles; church admins may promote a member to staff and back.',
      params: idParams,
      body: updateUserBody,
      response: { 200: personSchema },
    },
    config: { requires: 'users:write' },
  }, async (req) => updateUser(ctx, requireActor(req), req.params.id, req.body));

  api.delete('/users/:id', {
    schema: { tags, summary: 'Delete a person (church and platform admins)', params: idParams, response: { 204: z.null() } },
    config: { requires: 'users:delete' },
  }, async (req, reply) => {
    await deleteUser(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  api.post('/auth/invitation', {
    schema: {
      tags: ['auth'],
      summary: 'Set one’s password from the emailed link; the account becomes active',
      description: 'An expired or used link answers 400 `invalid_invitation`.',
      body: acceptInvitationBody,
      response: { 204: z.null() },
    },
    config: { requires: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (req, reply) => {
    await acceptInvitation(ctx, req.body.token, req.body.password);
    return reply.code(204).send(null);
  });
}
