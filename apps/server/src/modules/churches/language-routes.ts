import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addChurchLanguageBody,
  churchIdParams,
  churchLanguage,
  churchLanguageLists,
  churchLanguageParams,
  updateChurchLanguageBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { addChurchLanguage, listChurchLanguages, removeChurchLanguage, updateChurchLanguage } from './language-service';

/** The church's go-live and join-live languages with their voice IDs (spec sections 3 and 5). */
export async function churchLanguageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/churches/:id/languages', {
    schema: { tags: ['churches'], summary: 'Go-live and join-live languages', params: churchIdParams, response: { 200: churchLanguageLists } },
    config: { requires: 'church:read' },
  }, async (req) => listChurchLanguages(ctx, requireActor(req), req.params.id));

  r.post('/churches/:id/languages', {
    schema: {
      tags: ['churches'],
      summary: 'Add a known language, or create a new one with a name and at least one voice ID',
      params: churchIdParams,
      body: addChurchLanguageBody,
      response: { 201: churchLanguage },
    },
    config: { requires: 'church:edit' },
  }, async (req, reply) => reply.code(201).send(await addChurchLanguage(ctx, requireActor(req), req.params.id, req.body)));

  r.patch('/churches/:id/languages/:languageId', {
    schema: {
      tags: ['churches'],
      summary: "Change a language's name or voice IDs",
      params: churchLanguageParams,
      body: updateChurchLanguageBody,
      response: { 200: churchLanguage },
    },
    config: { requires: 'church:edit' },
  }, async (req) => updateChurchLanguage(ctx, requireActor(req), req.params.id, req.params.languageId, req.body));

  r.delete('/churches/:id/languages/:languageId', {
    schema: { tags: ['churches'], summary: 'Remove a language from its list', params: churchLanguageParams, response: { 204: z.null() } },
    config: { requires: 'church:edit' },
  }, async (req, reply) => {
    await removeChurchLanguage(ctx, requireActor(req), req.params.id, req.params.languageId);
    return reply.code(204).send(null);
  });
}
