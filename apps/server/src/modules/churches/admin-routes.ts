import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { churchDetails, churchIdParams, churchListItem, churchListQuery, createChurchBody, PHOTO_FIELD, updateChurchBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { ImageStore } from '../../providers/storage/image-store';
import { readImageUpload, storeAndAttach } from '../../providers/storage/upload';
import { churchCsvColumns } from './church-source';
import { allChurches, assertMayEditChurch, createChurch, deleteChurch, listChurches, setChurchImage, updateChurch } from './service';
import { getChurchDetails } from './settings-service';

/** Spec sections 5 and 8: church and event images are JPEG, PNG or GIF under 5MB. */
export const churchEventImageRules = {
  field: PHOTO_FIELD,
  allowed: ['jpeg', 'png', 'gif'] as const,
  // Large enough for a cover across a desktop screen, small enough for a phone on church Wi-Fi.
  maxSide: 1600,
  typeMessage: 'Only JPEG, PNG or GIF images are allowed',
  sizeMessage: 'Image must be under 5MB',
  missingMessage: 'Choose an image to upload',
};

/** Churches for platform admins (spec section 6): list, create, edit, delete, photo. */
export async function churchAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['churches'];
  const store = new ImageStore(ctx.blobs);

  registerListRoutes(app, {
    url: '/churches',
    tags,
    summary: 'Every church with its suburb, members, live state and minutes used of its weekly limit',
    querystring: churchListQuery,
    item: churchListItem,
    requires: 'churches:create',
    filename: 'churches.csv',
    csvColumns: churchCsvColumns,
    page: (_actor, q) => listChurches(ctx, q),
    all: (_actor, q) => allChurches(ctx, q),
  });

  api.post('/churches', {
    schema: { tags, summary: 'Create a church (platform admins)', body: createChurchBody, response: { 201: churchDetails } },
    config: { requires: 'churches:create' },
  }, async (req, reply) => reply.code(201).send(await createChurch(ctx, requireActor(req), req.body)));

  api.patch('/churches/:id', {
    schema: {
      tags,
      summary: "Edit a church's details; only sent fields change",
      description: 'Church admins edit their own church; `weeklyStreamLimitMinutes` is for platform admins (403 otherwise).',
      params: churchIdParams,
      body: updateChurchBody,
      response: { 200: churchDetails },
    },
    config: { requires: 'church:edit' },
  }, async (req) => updateChurch(ctx, requireActor(req), req.params.id, req.body));

  api.delete('/churches/:id', {
    schema: {
      tags,
      summary: 'Delete a church that has no people (platform admins)',
      description: 'A church with people answers 409 `church_has_people` with how many.',
      params: churchIdParams,
      response: { 204: z.null() },
    },
    config: { requires: 'churches:delete' },
  }, async (req, reply) => {
    await deleteChurch(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  api.put('/churches/:id/image', {
    schema: {
      tags,
      summary: 'Upload the church photo (JPEG, PNG or GIF under 5 MB; re-encoded without metadata)',
      consumes: ['multipart/form-data'],
      params: churchIdParams,
      response: { 200: churchDetails },
    },
    config: { requires: 'church:edit' },
  }, async (req) => {
    const actor = requireActor(req);
    // Reach is checked before the upload is read: another church's id costs no image work.
    assertMayEditChurch(actor, req.params.id);
    const image = await readImageUpload(req, churchEventImageRules);
    await storeAndAttach(store, image, (name) => setChurchImage(ctx, actor, req.params.id, name));
    return getChurchDetails(ctx, actor, req.params.id);
  });

  api.delete('/churches/:id/image', {
    schema: { tags, summary: 'Remove the church photo', params: churchIdParams, response: { 200: churchDetails } },
    config: { requires: 'church:edit' },
  }, async (req) => {
    const actor = requireActor(req);
    await store.remove(await setChurchImage(ctx, actor, req.params.id, null));
    return getChurchDetails(ctx, actor, req.params.id);
  });
}
