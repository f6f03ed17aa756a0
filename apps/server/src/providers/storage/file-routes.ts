import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { ImageStore } from './image-store';

const fileParams = z.object({ name: z.string().max(40) });

/**
 * GET /files/:name serves stored images (profile photos; church and event images later). Public on
 * purpose: names are 128-bit random, and an <img> tag cannot send anything but the cookie anyway.
 */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = new ImageStore(ctx.blobs);
  app.withTypeProvider<ZodTypeProvider>().get('/files/:name', {
    schema: { tags: ['files'], summary: 'A stored image (random, unguessable name)', params: fileParams },
    config: { requires: 'public' },
  }, async (req, reply) => {
    const file = await store.open(req.params.name);
    if (!file) throw notFound('File');
    // A name is never reused for other content, so browsers and CDNs may keep it for a year.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.data);
  });
}
