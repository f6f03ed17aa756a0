import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { ImageStore } from './image-store';

const fileParams = z.object({ name: z.string().max(40) });

/**
 * GET /files/:name serves stored images (profile photos, church, event and message images). Public
 * on purpose: names are 128-bit random, and an <img> tag cannot send anything but the cookie anyway.
 *
 * Cached privately and revalidated at each use (decision 037, "Photos"): each upload gets a new
 * name, but a photo that is removed must stop being served, so no shared cache may keep it and a
 * browser asks again (a 304 by its ETag costs a few bytes; a removed one answers 404).
 */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = new ImageStore(ctx.blobs);
  app.withTypeProvider<ZodTypeProvider>().get('/files/:name', {
    schema: { tags: ['files'], summary: 'A stored image (random, unguessable name)', params: fileParams },
    config: { requires: 'public' },
  }, async (req, reply) => {
    const file = await store.open(req.params.name);
    if (!file) throw notFound('File');
    // A name is never reused for other content: the name is the version.
    const etag = `"${req.params.name}"`;
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.data);
  });
}
