import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { churchIdParams, engineSlotParams, engineTestResult, saveEngineBody, testEngineBody, translationEnginesResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { engineCallLimit } from './engine-address';
import { getEngines, removeEngine, saveEngine, testEngineSettings } from './engine-service';

/** A church's translation engines (decision 033): first and second engine, Test connection, health. */
export async function engineRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['churches'];

  r.get('/churches/:id/translation-engines', {
    schema: { tags, summary: "A church's translation engines (keys masked) and their recent latency and errors", params: churchIdParams, response: { 200: translationEnginesResponse } },
    config: { requires: 'church:edit' },
  }, async (req) => getEngines(ctx, requireActor(req), req.params.id));

  r.put('/churches/:id/translation-engines/:slot', {
    schema: {
      tags,
      summary: 'Choose the first (primary) or second (failover) translation engine; tested before it is saved',
      description: 'A key left empty keeps the one stored for the same engine. An engine that fails its test answers 422 `engine_test_failed` (the engine\'s words in `detail`) unless `saveUntested` is true.',
      params: engineSlotParams,
      body: saveEngineBody,
      response: { 200: translationEnginesResponse },
    },
    // Saving tests the engine first: limited as Test connection is (decision 041).
    config: { requires: 'church:edit' },
    onRequest: engineCallLimit(app, ctx),
  }, async (req) => saveEngine(ctx, requireActor(req), req.params.id, req.params.slot, req.body));

  r.delete('/churches/:id/translation-engines/:slot', {
    schema: { tags, summary: 'Remove an engine (removing the first makes the second the first)', params: engineSlotParams, response: { 200: translationEnginesResponse } },
    config: { requires: 'church:edit' },
  }, async (req) => removeEngine(ctx, requireActor(req), req.params.id, req.params.slot));

  r.post('/churches/:id/translation-engines/test', {
    schema: {
      tags,
      summary: 'Test connection: translate a sample line with these (unsaved) settings; the result, its latency, or the engine\'s error',
      params: churchIdParams,
      body: testEngineBody,
      response: { 200: engineTestResult },
    },
    config: { requires: 'church:edit' },
    onRequest: engineCallLimit(app, ctx),
  }, async (req) => testEngineSettings(ctx, requireActor(req), req.params.id, req.body));
}
