import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this go as they are: a compressed few hundred bytes save nothing on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses what the server builds per request (API JSON, CSV and calendar exports) above
 * COMPRESS_THRESHOLD_BYTES, brotli or gzip as the client accepts, with `Vary: Accept-Encoding`
 * (decision 031). Brotli at quality 4: close to gzip's CPU cost for a smaller answer; the web app's
 * files are compressed once, at build time, at full quality, and served as they are (web-app.ts),
 * which this leaves alone. Registered before the routes and the static files, as the plugin requires.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
