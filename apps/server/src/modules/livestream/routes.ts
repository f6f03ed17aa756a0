import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  churchIdParams, feedParams, idParams, livestreamSettings, newFeedBody, overlayAnswer as overlayAnswerSchema,
  overlayParams, overlayQuery, overlayStyle, sermonTimeline as timelineSchema, subtitleQuery, timelineQuery,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { engineCallLimit } from '../churches/engine-address';
import { overlayAnswer, sermonTimeline, subtitleFile } from './sermon-files';
import { addFeed, getLivestream, removeFeed, renewOverlayToken, saveOverlayStyle } from './settings-service';

const subtitleParams = z.object({ id: z.uuid(), format: z.enum(['vtt', 'srt']) });

/** The service online (decision 037): caption feeds, the OBS overlay, subtitle files, listen again. */
export async function livestreamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['livestream'];
  const edit = { requires: 'church:edit' as const };

  r.get('/churches/:id/livestream', {
    schema: { tags, summary: 'Caption feeds (URLs masked) and the OBS overlay (look and link)', params: churchIdParams, response: { 200: livestreamSettings } },
    config: edit,
  }, async (req) => getLivestream(ctx, requireActor(req), req.params.id));

  r.post('/churches/:id/livestream/feeds', {
    schema: { tags, summary: 'Add a YouTube caption ingestion URL or Zoom caption API URL with its language (at most two)', params: churchIdParams, body: newFeedBody, response: { 200: livestreamSettings } },
    config: edit,
    onRequest: engineCallLimit(app, ctx),
  }, async (req) => addFeed(ctx, requireActor(req), req.params.id, req.body));

  r.delete('/churches/:id/livestream/feeds/:feedId', {
    schema: { tags, summary: 'Remove a caption feed', params: feedParams, response: { 200: livestreamSettings } },
    config: edit,
  }, async (req) => removeFeed(ctx, requireActor(req), req.params.id, req.params.feedId));

  r.put('/churches/:id/livestream/overlay', {
    schema: { tags, summary: "The overlay's languages, font, size, colour and position", params: churchIdParams, body: overlayStyle, response: { 200: livestreamSettings } },
    config: edit,
  }, async (req) => saveOverlayStyle(ctx, requireActor(req), req.params.id, req.body));

  r.post('/churches/:id/livestream/overlay/renew', {
    schema: { tags, summary: 'A new overlay link; the old one stops working', params: churchIdParams, response: { 200: livestreamSettings } },
    config: edit,
  }, async (req) => renewOverlayToken(ctx, requireActor(req), req.params.id));

  r.get('/overlay/:token', {
    schema: { tags, summary: 'The overlay page: its look, whether a sermon is live and its newest captions (by the link\'s token)', params: overlayParams, querystring: overlayQuery, response: { 200: overlayAnswerSchema } },
    // The link's token is the key: an OBS browser source has no sign-in.
    config: { requires: 'public' },
  }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return overlayAnswer(ctx, req.params.token, req.query.after);
  });

  r.get('/sermons/:id/subtitles.:format', {
    schema: { tags, summary: 'WebVTT or SRT subtitles in one language, cue times from when each line was said, `offset` seconds later', params: subtitleParams, querystring: subtitleQuery, produces: ['text/vtt', 'application/x-subrip'] },
    config: { requires: 'sermons:join' },
  }, async (req, reply) => {
    const file = await subtitleFile(ctx, requireActor(req), req.params.id, req.params.format, req.query);
    return reply
      .type(req.params.format === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/x-subrip; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.text);
  });

  r.get('/sermons/:id/timeline', {
    schema: { tags, summary: 'Listen again: the transcript in one language with times from the start and voice clips made', params: idParams, querystring: timelineQuery, response: { 200: timelineSchema } },
    config: { requires: 'sermons:join' },
  }, async (req) => sermonTimeline(ctx, requireActor(req), req.params.id, req.query.lang));
}
