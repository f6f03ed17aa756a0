import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recognitionEnginesResponse, recognitionTestResult, saveRecognitionEngineBody, speakerRecognition, testRecognitionEngineBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { slotEngineRoutes } from './slot-engine-routes';
import { getRecognitionEngines, removeRecognitionEngine, saveRecognitionEngine, speakerRecognitionOf, testRecognitionSettings } from './recognition-service';

/** A church's speech recognition engines (decision 038), as its translation engines (decision 033). */
export async function recognitionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  slotEngineRoutes(app, ctx, {
    segment: 'recognition-engines', what: 'speech recognition',
    testSummary: 'Test connection: open a stream with these (unsaved) settings and the glossary\'s boosted words',
    schemas: { response: recognitionEnginesResponse, save: saveRecognitionEngineBody, test: testRecognitionEngineBody, testResult: recognitionTestResult },
    service: { get: getRecognitionEngines, save: saveRecognitionEngine, remove: removeRecognitionEngine, test: testRecognitionSettings },
  });

  r.get('/speech/recognition', {
    schema: { tags: ['speech'], summary: "How the speaker's page recognises speech: on the server, Azure in the browser, or the browser's own", querystring: z.object({ churchId: z.string().uuid() }), response: { 200: speakerRecognition } },
    config: { requires: 'sermons:go-live' },
  }, async (req) => speakerRecognitionOf(ctx, requireActor(req), req.query.churchId));
}
