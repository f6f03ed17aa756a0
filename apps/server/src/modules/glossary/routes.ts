import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  churchGlossaryParams,
  createGlossaryEntryBody,
  glossaryEntryParams,
  glossaryEntrySchema,
  glossaryImportResult,
  glossaryListQuery,
  glossaryPhrasesQuery,
  glossaryPhrasesResponse,
  GLOSSARY_PHRASES_MAX,
  starterEntryParams,
  updateGlossaryEntryBody,
  type Permission,
} from '@app/shared';
import type { AppContext } from '../../context';
import { canReachChurch, requireActor } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { provideLiveSources } from '../../live/live-sources';
import { churchGlossary, correctHeardLine } from './church-glossary';
import { readFileUpload } from '../../lib/file-upload';
import { registerListRoutes } from '../../lib/list-routes';
import type { Actor } from '../../lib/session';
import { translationFlagRoutes } from './flags';
import { glossaryCsvColumns } from './glossary-source';
import { importGlossary } from './import';
import { allGlossary, assertGlossaryChurch, createEntry, deleteEntry, getEntry, listGlossary, updateEntry, type GlossaryScope } from './service';

interface GlossaryApi {
  /** `/churches/:id/glossary` or `/starter-glossary`. */
  base: string;
  params: z.ZodObject;
  entryParams: z.ZodObject;
  /** What reading needs; `write` what changing needs. */
  read: Permission;
  write: Permission;
  summary: string;
  filename: string;
  /** The glossary the request is about, after checking the actor may reach it (else 404). */
  scope(ctx: AppContext, actor: Actor, params: Record<string, string>): Promise<GlossaryScope>;
}

/** One glossary's routes: list and CSV export, one entry, create, change, delete, import. */
function glossaryApi(app: FastifyInstance, ctx: AppContext, g: GlossaryApi) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['glossary'];
  const scopeOf = (req: FastifyRequest) => g.scope(ctx, requireActor(req), req.params as Record<string, string>);

  registerListRoutes(app, {
    url: g.base, tags, summary: g.summary, querystring: glossaryListQuery, params: g.params, item: glossaryEntrySchema,
    requires: g.read, filename: g.filename, csvColumns: glossaryCsvColumns,
    page: async (actor, q, params) => listGlossary(ctx, await g.scope(ctx, actor, params), q),
    all: async (actor, q, params) => allGlossary(ctx, await g.scope(ctx, actor, params), q),
  });

  api.post(g.base, {
    schema: { tags, summary: 'Add an entry (a duplicate term, an empty translation or markup in a term is a field error)', params: g.params, body: createGlossaryEntryBody, response: { 201: glossaryEntrySchema } },
    config: { requires: g.write },
  }, async (req, reply) => reply.code(201).send(await createEntry(ctx, requireActor(req), await scopeOf(req), req.body)));

  api.post(`${g.base}/import`, {
    schema: {
      tags, params: g.params, response: { 200: glossaryImportResult },
      summary: 'Import a CSV (columns term, kind, language, translations, heardAs, note) in the field `file`: every row or none',
    },
    config: { requires: g.write },
  }, async (req) => {
    const scope = await scopeOf(req);
    const file = await readFileUpload(req, 'file', 'Choose a CSV file');
    return importGlossary(ctx, requireActor(req), scope, file.bytes, file.fields.language || 'en');
  });

  api.get(`${g.base}/:entryId`, {
    schema: { tags, summary: 'One entry', params: g.entryParams, response: { 200: glossaryEntrySchema } },
    config: { requires: g.read },
  }, async (req) => getEntry(ctx, await scopeOf(req), (req.params as { entryId: string }).entryId));

  api.patch(`${g.base}/:entryId`, {
    schema: { tags, summary: 'Change an entry', params: g.entryParams, body: updateGlossaryEntryBody, response: { 200: glossaryEntrySchema } },
    config: { requires: g.write },
  }, async (req) => updateEntry(ctx, requireActor(req), await scopeOf(req), (req.params as { entryId: string }).entryId, req.body));

  api.delete(`${g.base}/:entryId`, {
    schema: { tags, summary: 'Delete an entry', params: g.entryParams, response: { 204: z.null() } },
    config: { requires: g.write },
  }, async (req, reply) => {
    await deleteEntry(ctx, requireActor(req), await scopeOf(req), (req.params as { entryId: string }).entryId);
    return reply.code(204).send(null);
  });
}

/**
 * The church glossary (church administrators, decision 025) and the starter glossary every church
 * inherits (platform administrators manage it; church administrators read it).
 */
export async function glossaryRoutes(app: FastifyInstance, ctx: AppContext) {
  provideLiveSources(ctx, {
    glossary: (churchId, language) => churchGlossary(ctx, churchId, language),
    correctHeardLine: (churchId, language, text) => correctHeardLine(ctx, churchId, language, text),
  });
  glossaryApi(app, ctx, {
    base: '/churches/:id/glossary', params: churchGlossaryParams, entryParams: glossaryEntryParams,
    read: 'glossary:manage', write: 'glossary:manage', summary: 'The church glossary', filename: 'glossary.csv',
    async scope(c, actor, params) {
      await assertGlossaryChurch(c, actor, params.id!);
      return params.id!;
    },
  });
  glossaryApi(app, ctx, {
    base: '/starter-glossary', params: z.object({}), entryParams: starterEntryParams,
    read: 'glossary:manage', write: 'glossary:starter', summary: 'The starter glossary every church inherits', filename: 'starter-glossary.csv',
    scope: async () => null,
  });
  await translationFlagRoutes(app, ctx);

  app.withTypeProvider<ZodTypeProvider>().get('/churches/:id/glossary/phrases', {
    schema: {
      tags: ['glossary'], params: churchGlossaryParams, querystring: glossaryPhrasesQuery, response: { 200: glossaryPhrasesResponse },
      summary: 'The glossary terms for the speaker’s recogniser phrase list in one spoken language (the church’s and the starter’s)',
    },
    config: { requires: 'sermons:go-live' },
  }, async (req) => {
    if (!canReachChurch(requireActor(req), 'sermons:go-live', req.params.id)) throw notFound('Church');
    const { matcher } = await churchGlossary(ctx, req.params.id, req.query.language);
    return { phrases: (matcher?.terms ?? []).slice(0, GLOSSARY_PHRASES_MAX) };
  });
}
