import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  mySessionList,
  mySessionsQuery,
  sermonByBroadcastResponse,
  sermonListenersQuery,
  sermonListenersResponse,
  transcriptQuery,
  transcriptResponse,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { audioClip, listListeners, mySessions, sermonByBroadcast, transcript } from './service';
import { holdVoiceStream, listenerOf } from '../../live/rooms/listen-limits';
import { voiceStreamFor } from './voice-stream';

const broadcastParams = z.object({ broadcastId: z.string().min(4).max(32) });
const audioParams = z.object({
  id: z.string().uuid(),
  seq: z.coerce.number().int().min(1),
  lang: z.string().min(2).max(10),
  file: z.enum(['male.mp3', 'female.mp3']),
});

const voiceParams = z.object({
  id: z.string().uuid(),
  lang: z.string().min(2).max(10),
  file: z.enum(['male.mp3', 'female.mp3']),
});

const voiceQuery = z.object({
  // 0: no priming silence, for a page that feeds its element itself (decision 039).
  prime: z.enum(['0', '1']).default('1'),
});

/** What listeners use around the socket: the share link, transcripts, voice clips, history. */
export async function listenRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/sermons/mine', {
    schema: {
      tags: ['sermons'],
      summary: 'The signed-in person’s previous listening sessions, newest first',
      querystring: mySessionsQuery,
      response: { 200: mySessionList },
    },
    config: { requires: 'signed-in' },
  }, async (req) => mySessions(ctx, requireActor(req), req.query));

  api.get('/sermons/by-broadcast/:broadcastId', {
    schema: {
      tags: ['sermons'],
      summary: 'A sermon by its share link, with the languages a listener may choose',
      description: 'Public when the church allows guests; otherwise for signed-in people of that church.',
      params: broadcastParams,
      response: { 200: sermonByBroadcastResponse },
    },
    // Guests may listen where the church allows it: the service decides per church.
    config: { requires: 'public' },
  }, async (req) => sermonByBroadcast(ctx, req.actor, req.params.broadcastId));

  api.get('/sermons/:id/transcript', {
    schema: {
      tags: ['sermons'],
      summary: 'The transcript in one language, as captions after `afterSeq`',
      description: 'Readable by whoever may join the sermon. Translations nobody asked for live are made now.',
      params: idParams,
      querystring: transcriptQuery,
      response: { 200: transcriptResponse },
    },
    config: { requires: 'public' },
  }, async (req) => transcript(ctx, req.actor, req.params.id, req.query));

  api.get('/sermons/:id/listeners', {
    schema: {
      tags: ['sermons'],
      summary: 'Who listened: user or guest, language, start, end, duration, active or inactive',
      params: idParams,
      querystring: sermonListenersQuery,
      response: { 200: sermonListenersResponse },
    },
    config: { requires: 'analytics:read' },
  }, async (req) => listListeners(ctx, requireActor(req), req.params.id, req.query));

  api.get('/sermons/:id/audio/:seq/:lang/:file', {
    schema: {
      tags: ['sermons'],
      summary: 'A caption’s synthesised voice (MP3); waits for a synthesis in progress',
      params: audioParams,
      produces: ['audio/mpeg'],
    },
    config: { requires: 'public' },
  }, async (req, reply) => {
    const { id, seq, lang, file } = req.params;
    const clip = await audioClip(ctx, req.actor, { id, seq, lang, voice: file === 'male.mp3' ? 'male' : 'female' });
    // Clips never change once made; private: they belong to one church's listeners.
    return reply.type('audio/mpeg').header('cache-control', 'private, max-age=86400, immutable').send(clip);
  });

  api.get('/sermons/:id/voice/:lang/:file', {
    schema: {
      tags: ['sermons'],
      summary: 'A live sermon’s voice in one language: one continuous MP3 stream until the sermon ends (decision 039)',
      params: voiceParams,
      querystring: voiceQuery,
      produces: ['audio/mpeg'],
    },
    config: { requires: 'public' },
  }, async (req, reply) => {
    const { id, lang, file } = req.params;
    // A few per device (or account) and sermon, a ceiling per address; beyond it 429 with Retry-After
    // (decision 048). Asked first: a script's refused streams cost no database work, which on the
    // embedded database runs in the server's own thread and would hold up everyone's requests.
    const held = await holdVoiceStream(ctx, listenerOf(ctx, req.actor, req.ip, req.headers.cookie), id);
    let stream: Awaited<ReturnType<typeof voiceStreamFor>>;
    try {
      stream = await voiceStreamFor(ctx, req.actor, { id, lang });
    } catch (err) {
      held.release();
      throw err;
    }
    // Written by the voice streams until the sermon ends or the phone goes; never compressed
    // (MP3 does not shrink) and never cached (it is live).
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'audio/mpeg',
      'Cache-Control': 'no-store',
      'Accept-Ranges': 'none',
      'X-Content-Type-Options': 'nosniff',
    });
    held.attach(reply.raw);
    stream.attach(reply.raw, file === 'male.mp3' ? 'male' : 'female', req.query.prime === '1');
  });
}
