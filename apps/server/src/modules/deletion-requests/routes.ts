import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDeletionRequestBody,
  deletionRequestListQuery,
  deletionRequestSchema,
  idParams,
  myDeletionRequestResponse,
  rejectDeletionRequestBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { requestedInterfaceLanguage } from '../../lib/web-app';
import { registerListRoutes } from '../../lib/list-routes';
import { cancelDeletionRequest, createDeletionRequest, myDeletionRequest } from './my-request';
import { requestCsvColumns } from './request-source';
import { allDeletionRequests, approveDeletionRequest, listDeletionRequests, rejectDeletionRequest } from './review';

/** Account deletion (spec section 6): the person's own request, and its review. */
export async function deletionRequestRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deletion-requests'];

  api.get('/me/deletion-request', {
    schema: { tags: ['me'], summary: 'One’s latest deletion request, if any', response: { 200: myDeletionRequestResponse } },
    config: { requires: 'deletion-requests:own' },
  }, async (req) => ({ request: await myDeletionRequest(ctx, requireActor(req)) }));

  api.post('/me/deletion-request', {
    schema: {
      tags: ['me'],
      summary: 'Ask for one’s account and personal data to be deleted',
      description: 'A reason from the five; `other` needs `details`. A second open request answers 409 `deletion_request_open`. Unless rejected, the personal data is gone within 30 days.',
      body: createDeletionRequestBody,
      response: { 201: deletionRequestSchema },
    },
    config: { requires: 'deletion-requests:own' },
  }, async (req, reply) => reply.code(201).send(await createDeletionRequest(ctx, requireActor(req), req.body, requestedInterfaceLanguage(req))));

  api.delete('/me/deletion-request', {
    schema: { tags: ['me'], summary: 'Cancel one’s pending deletion request', response: { 200: deletionRequestSchema } },
    config: { requires: 'deletion-requests:own' },
  }, async (req) => cancelDeletionRequest(ctx, requireActor(req), requestedInterfaceLanguage(req)));

  registerListRoutes(app, {
    url: '/deletion-requests',
    tags,
    summary: 'Deletion requests of the church’s people (every church for platform admins); `?status=pending|approved|rejected|cancelled`',
    querystring: deletionRequestListQuery,
    item: deletionRequestSchema,
    requires: 'deletion-requests:review',
    filename: 'deletion-requests.csv',
    csvColumns: requestCsvColumns,
    page: (actor, q) => listDeletionRequests(ctx, actor, q),
    all: (actor, q) => allDeletionRequests(ctx, actor, q),
  });

  api.post('/deletion-requests/:id/approve', {
    schema: {
      tags,
      summary: 'Approve: the account is disabled and signed out everywhere at once; the personal data is purged at the next hourly run',
      params: idParams,
      response: { 200: deletionRequestSchema },
    },
    config: { requires: 'deletion-requests:review' },
  }, async (req) => approveDeletionRequest(ctx, requireActor(req), req.params.id));

  api.post('/deletion-requests/:id/reject', {
    schema: { tags, summary: 'Reject with a reason, which is mailed to the person', params: idParams, body: rejectDeletionRequestBody, response: { 200: deletionRequestSchema } },
    config: { requires: 'deletion-requests:review' },
  }, async (req) => rejectDeletionRequest(ctx, requireActor(req), req.params.id, req.body.reason));
}
