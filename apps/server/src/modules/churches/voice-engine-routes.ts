import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { churchIdParams, saveVoiceEngineBody, testVoiceEngineBody, voiceEnginesResponse, voiceSlotParams, voiceTestResult } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { getVoiceEngines, removeVoiceEngine, saveVoiceEngine, testVoiceSettings } from './voice-engine-service';

/** A church's voice engines (decision 040), as its recognition engines (decision 038). */
export async function voiceEngineRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['churches'];

  r.get('/churches/:id/voice-engines', {
    schema: { tags, summary: "A church's voice engines (keys masked) and how each has been doing", params: churchIdParams, response: { 200: voiceEnginesResponse } },
    config: { requires: 'church:edit' },
  }, async (req) => getVoiceEngines(ctx, requireActor(req), req.params.id));

  r.put('/churches/:id/voice-engines/:slot', {
    schema: {
      tags, summary: 'Choose the first or second voice engine; tested before it is saved',
      description: 'A key left empty keeps the one stored for the same engine. A failed test answers 422 `engine_test_failed` unless `saveUntested`.',
      params: voiceSlotParams, body: saveVoiceEngineBody, response: { 200: voiceEnginesResponse },
    },
    config: { requires: 'church:edit' },
  }, async (req) => saveVoiceEngine(ctx, requireActor(req), req.params.id, req.params.slot, req.body));

  r.delete('/churches/:id/voice-engines/:slot', {
    schema: { tags, summary: 'Remove a voice engine (removing the first makes the second the first)', params: voiceSlotParams, response: { 200: voiceEnginesResponse } },
    config: { requires: 'church:edit' },
  }, async (req) => removeVoiceEngine(ctx, requireActor(req), req.params.id, req.params.slot));

  r.post('/churches/:id/voice-engines/test', {
    schema: { tags, summary: 'Test connection: say a sample sentence with these (unsaved) settings', params: churchIdParams, body: testVoiceEngineBody, response: { 200: voiceTestResult } },
    // Each test calls the engine (or starts eSpeak NG): a person clicks it a few times, not hundreds.
    config: { requires: 'church:edit', rateLimit: { max: 20, timeWindow: '1 minute' } },
  }, async (req) => testVoiceSettings(ctx, requireActor(req), req.params.id, req.body));
}
