import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapSettings } from '@app/shared';
import type { AppContext } from '../../context';

/**
 * The CSP img-src entry for a tile URL template: its origin, with a `{s}` subdomain placeholder
 * widened to a wildcard (`https://{s}.tile.example.org/…` → `https://*.tile.example.org`).
 */
export function tileImageSource(template: string): string {
  const origin = /^(https?:\/\/[^/]+)/.exec(template)?.[1] ?? "'self'";
  return origin.replace(/\{s\}/g, '*');
}

/** GET /map-settings: where the web app's maps load tiles from (MAP_TILE_URL, MAP_ATTRIBUTION). */
export async function mapSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/map-settings', {
    schema: { tags: ['churches'], summary: 'Map tile server and attribution for the location picker', response: { 200: mapSettings } },
    config: { requires: 'public' },
  }, async () => ({ tileUrl: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_ATTRIBUTION }));
}
