import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { churchDetails, churchIdParams, liveSettingsBody, streamLimitBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { getChurchDetails, setStreamLimit, updateLiveSettings } from './settings-service';

/** GET /churches/:id with live settings; PATCH live settings and the weekly stream limit. */
export async function churchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/churches/:id', {
    schema: {
      tags: ['churches'],
      summary: "A church's details and live settings (keys masked; minutes used this week)",
      params: churchIdParams,
      response: { 200: churchDetails },
    },
    config: { requires: 'church:read' },
  }, async (req) => getChurchDetails(ctx, requireActor(req), req.params.id));

  r.patch('/churches/:id/live-settings', {
    schema: {
      tags: ['churches'],
      summary: 'Change speech and translator settings, guests and time zone; an empty key keeps the stored one',
      params: churchIdParams,
      body: liveSettingsBody,
      response: { 200: churchDetails },
    },
    config: { requires: 'church:edit' },
  }, async (req) => updateLiveSettings(ctx, requireActor(req), req.params.id, req.body));

  r.patch('/churches/:id/stream-limit', {
    schema: {
      tags: ['churches'],
      summary: 'Set the weekly stream limit in minutes (platform admin)',
      params: churchIdParams,
      body: streamLimitBody,
      response: { 200: churchDetails },
    },
    config: { requires: 'churches:set-stream-limit' },
  }, async (req) => setStreamLimit(ctx, requireActor(req), req.params.id, req.body));
}
