import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  churchIdParams, recognitionEnginesResponse, recognitionSlotParams, recognitionTestResult, saveRecognitionEngineBody,
  speakerRecognition, testRecognitionEngineBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { getRecognitionEngines, removeRecognitionEngine, saveRecognitionEngine, speakerRecognitionOf, testRecognitionSettings } from './recognition-service';

/** A church's speech recognition engines (decision 038), as its translation engines (decision 033). */
export async function recognitionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['churches'];

  r.get('/churches/:id/recognition-engines', {
    schema: { tags, summary: "A church's speech recognition engines (keys masked) and how each has been doing", params: churchIdParams, response: { 200: recognitionEnginesResponse } },
    config: { requires: 'church:edit' },
  }, async (req) => getRecognitionEngines(ctx, requireActor(req), req.params.id));

  r.put('/churches/:id/recognition-engines/:slot', {
    schema: {
      tags, summary: 'Choose the first or second speech recognition engine; tested before it is saved',
      description: 'A key left empty keeps the one stored for the same engine. A failed test answers 422 `engine_test_failed` unless `saveUntested`.',
      params: recognitionSlotParams, body: saveRecognitionEngineBody, response: { 200: recognitionEnginesResponse },
    },
    config: { requires: 'church:edit' },
  }, async (req) => saveRecognitionEngine(ctx, requireActor(req), req.params.id, req.params.slot, req.body));

  r.delete('/churches/:id/recognition-engines/:slot', {
    schema: { tags, summary: 'Remove a recognition engine (removing the first makes the second the first)', params: recognitionSlotParams, response: { 200: recognitionEnginesResponse } },
    config: { requires: 'church:edit' },
  }, async (req) => removeRecognitionEngine(ctx, requireActor(req), req.params.id, req.params.slot));

  r.post('/churches/:id/recognition-engines/test', {
    schema: { tags, summary: 'Test connection: open a stream with these (unsaved) settings and the glossary\'s boosted words', params: churchIdParams, body: testRecognitionEngineBody, response: { 200: recognitionTestResult } },
    // Each test opens a stream at the engine: a person clicks it a few times, not hundreds.
    config: { requires: 'church:edit', rateLimit: { max: 20, timeWindow: '1 minute' } },
  }, async (req) => testRecognitionSettings(ctx, requireActor(req), req.params.id, req.body));

  r.get('/speech/recognition', {
    schema: { tags: ['speech'], summary: "How the speaker's page recognises speech: on the server, Azure in the browser, or the browser's own", querystring: z.object({ churchId: z.string().uuid() }), response: { 200: speakerRecognition } },
    config: { requires: 'sermons:go-live' },
  }, async (req) => speakerRecognitionOf(ctx, requireActor(req), req.query.churchId));
}
