import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meResponse, PHOTO_FIELD } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { ImageStore } from '../../providers/storage/image-store';
import { readImageUpload, storeAndAttach } from '../../providers/storage/upload';
import { loadMe, setPhoto } from './service';

// Spec section 8's profile photo messages.
const TYPE_MESSAGE = 'Only JPG or PNG images are allowed';
const SIZE_MESSAGE = 'Image must be under 5MB';
const PHOTO_MAX_SIDE = 512;

/** PUT /me/photo (multipart, field `file`) and DELETE /me/photo. */
export async function photoRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = new ImageStore(ctx.blobs);

  api.put('/me/photo', {
    schema: {
      tags: ['me'],
      summary: 'Upload a profile photo (JPG or PNG, at most 5 MB; stored re-encoded without metadata)',
      consumes: ['multipart/form-data'],
      response: { 200: meResponse },
    },
    config: { requires: 'signed-in' },
  }, async (req) => {
    const actor = requireActor(req);
    const image = await readImageUpload(req, {
      field: PHOTO_FIELD,
      allowed: ['jpeg', 'png'],
      maxSide: PHOTO_MAX_SIDE,
      typeMessage: TYPE_MESSAGE,
      sizeMessage: SIZE_MESSAGE,
      missingMessage: 'Choose a photo to upload',
    });
    await storeAndAttach(store, image, (name) => setPhoto(ctx.db, actor.id, name));
    return loadMe(ctx.db, actor.id);
  });

  api.delete('/me/photo', {
    schema: { tags: ['me'], summary: 'Remove the profile photo', response: { 204: z.null() } },
    config: { requires: 'signed-in' },
  }, async (req, reply) => {
    await store.remove(await setPhoto(ctx.db, requireActor(req).id, null));
    return reply.code(204).send(null);
  });
}
