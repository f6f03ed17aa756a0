import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { churchIdParams, slotEngineParams, type EngineSlot } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import type { Actor } from '../../lib/session';
import { engineCallLimit } from './engine-address';

interface SlotEngineRoutes<Save extends z.ZodType, Test extends z.ZodType> {
  /** The path's last part: `recognition-engines`, `voice-engines`. */
  segment: string;
  /** What they are, in the summaries: "speech recognition", "voice". */
  what: string;
  testSummary: string;
  schemas: { response: z.ZodType; save: Save; test: Test; testResult: z.ZodType };
  service: {
    get(ctx: AppContext, actor: Actor, churchId: string): Promise<unknown>;
    save(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot, body: z.infer<Save>): Promise<unknown>;
    remove(ctx: AppContext, actor: Actor, churchId: string, slot: EngineSlot): Promise<unknown>;
    test(ctx: AppContext, actor: Actor, churchId: string, body: z.infer<Test>): Promise<unknown>;
  };
}

/**
 * The four routes of a church's engines in two slots (recognition, decision 038; voice, decision
 * 040), all `church:edit` (another church answers 404 from the service): read, save one slot
 * (tested first), remove one, Test connection.
 */
export function slotEngineRoutes<Save extends z.ZodType, Test extends z.ZodType>(app: FastifyInstance, ctx: AppContext, o: SlotEngineRoutes<Save, Test>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['churches'];
  const path = `/churches/:id/${o.segment}`;
  const { response, save, test, testResult } = o.schemas;

  r.get(path, {
    schema: { tags, summary: `A church's ${o.what} engines (keys masked) and how each has been doing`, params: churchIdParams, response: { 200: response } },
    config: { requires: 'church:edit' },
  }, async (req) => o.service.get(ctx, requireActor(req), req.params.id));

  r.put(`${path}/:slot`, {
    schema: {
      tags, summary: `Choose the first or second ${o.what} engine; tested before it is saved`,
      description: 'A key left empty keeps the one stored for the same engine. A failed test answers 422 `engine_test_failed` unless `saveUntested`.',
      params: slotEngineParams, body: save, response: { 200: response },
    },
    // Saving tests the engine first: limited as Test connection is (decision 041).
    config: { requires: 'church:edit' },
    onRequest: engineCallLimit(app, ctx),
  }, async (req) => o.service.save(ctx, requireActor(req), req.params.id, req.params.slot, req.body as z.infer<Save>));

  r.delete(`${path}/:slot`, {
    schema: { tags, summary: `Remove a ${o.what} engine (removing the first makes the second the first)`, params: slotEngineParams, response: { 200: response } },
    config: { requires: 'church:edit' },
  }, async (req) => o.service.remove(ctx, requireActor(req), req.params.id, req.params.slot));

  r.post(`${path}/test`, {
    schema: { tags, summary: o.testSummary, params: churchIdParams, body: test, response: { 200: testResult } },
    config: { requires: 'church:edit' },
    onRequest: engineCallLimit(app, ctx),
  }, async (req) => o.service.test(ctx, requireActor(req), req.params.id, req.body as z.infer<Test>));
}
