import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { matchListenerPage } from '@app/shared';
import { sendProblem } from './errors';
import { repoRoot } from './paths';

/**
 * Serves the built web app on the same port; any non-API GET that is not a file falls back to
 * index.html so deep links work (spec section 2), except the listener pages, which get their own
 * entry listen.html (docs/decisions/018) when the build has it. API paths keep their problem+json 404.
 * Files go out as the build precompressed them (`.br`, `.gz` beside each, decision 031), chosen by
 * the request's Accept-Encoding, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, webDist?: string) {
  const root = path.resolve(webDist ?? path.join(repoRoot, 'apps/web/dist'));
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const has = (entry: string) => existsSync(path.join(root, entry));
  const entries = [{ file: 'listen.html', shows: (url: string) => matchListenerPage(url) !== null }].filter((entry) => has(entry.file));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // `/` is answered by the handler below, like every other page.
      index: false,
      preCompressed: true,
      // Hashed assets may be cached for a year; the HTML entries must always be revalidated.
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/socket.io');
    if (isApi || req.method !== 'GET' || !hasBuild || path.extname(url) !== '') {
      return sendProblem(reply, { status: 404, code: 'not_found', detail: `No route for ${req.method} ${url}` });
    }
    const page = entries.find((entry) => entry.shows(url))?.file ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
