import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meResponse, PHOTO_FIELD } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { AppError, badRequest } from '../../lib/errors';
import { ImageStore } from '../../providers/storage/image-store';
import { reencodeImage } from '../../providers/storage/images';
import { loadMe, setPhoto } from './service';

// Spec section 8's profile photo messages.
const TYPE_MESSAGE = 'Only JPG or PNG images are allowed';
const SIZE_MESSAGE = 'Image must be under 5MB';
const PHOTO_MAX_SIDE = 512;

/** PUT /me/photo (multipart, field `file`) and DELETE /me/photo. */
export async function photoRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = new ImageStore(ctx.dataDir);

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
    if (!req.isMultipart()) throw new AppError('unsupported_media_type', 415, `Send the photo as multipart/form-data in the field "${PHOTO_FIELD}"`);
    const part = await req.file();
    if (!part || part.fieldname !== PHOTO_FIELD) {
      throw badRequest('Choose a photo to upload', [{ field: PHOTO_FIELD, message: 'Choose a photo to upload' }]);
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 413, SIZE_MESSAGE);
      throw err;
    }
    const image = await reencodeImage(bytes, { allowed: ['jpeg', 'png'], maxSide: PHOTO_MAX_SIDE, typeMessage: TYPE_MESSAGE });
    const name = await store.save(image);
    let previous: string | null;
    try {
      previous = await setPhoto(ctx.db, actor.id, name);
    } catch (err) {
      await store.remove(name);
      throw err;
    }
    await store.remove(previous);
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
