import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  acceptTranslationFlagBody, createTranslationFlagBody, glossaryEntrySchema, idParams, translationFlagListQuery, translationFlagSchema,
  type TranslationFlag,
} from '@app/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sermons, transcriptSegments, translationFlags } from '../../db/schema';
import { canReachChurch, churchFilter, requireActor } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { registerListRoutes } from '../../lib/list-routes';
import { listAll, listPage } from '../../lib/lists';
import { perAddress } from '../../lib/rate-limit';
import type { Actor } from '../../lib/session';
import { flagById, flagCsvColumns, flagSource, flagWhere, toFlag } from './flag-source';
import { createEntry } from './service';

async function loadFlag(ctx: AppContext, actor: Actor, id: string): Promise<TranslationFlag> {
  const [row] = await flagById(ctx.db, id);
  if (!row || !canReachChurch(actor, 'glossary:manage', row.row.churchId)) throw notFound('Flag');
  return toFlag(row);
}

async function setStatus(ctx: AppContext, actor: Actor, flag: TranslationFlag, status: 'accepted' | 'dismissed') {
  await ctx.db.update(translationFlags).set({ status }).where(eq(translationFlags.id, flag.id));
  await writeAudit(ctx.db, actor, { action: `translation-flag.${status}`, targetType: 'translation_flag', targetId: flag.id, churchId: flag.churchId });
}

/**
 * Listeners flag a wrong caption (guests too, limited per address); church administrators read the
 * flags with the line and its translation, and turn one into a glossary entry or dismiss it (decision 025).
 */
export async function translationFlagRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['glossary'];

  api.post('/sermons/:id/flags', {
    schema: { tags, summary: 'Flag a caption as a wrong translation (guests too), with an optional better wording', params: idParams, body: createTranslationFlagBody, response: { 201: z.object({ id: z.string() }) } },
    config: { requires: 'public', ...perAddress(30) },
  }, async (req, reply) => {
    const [line] = await ctx.db.select({ churchId: sermons.churchId }).from(sermons)
      .innerJoin(transcriptSegments, and(eq(transcriptSegments.sermonId, sermons.id), eq(transcriptSegments.seq, req.body.seq)))
      .where(eq(sermons.id, req.params.id)).limit(1);
    if (!line) throw notFound('Caption');
    const [row] = await ctx.db.insert(translationFlags).values({
      churchId: line.churchId, sermonId: req.params.id, seq: req.body.seq, language: req.body.language, suggestion: req.body.suggestion || null,
    }).returning({ id: translationFlags.id });
    return reply.code(201).send({ id: row!.id });
  });

  registerListRoutes(app, {
    url: '/translation-flags', tags, summary: 'Flagged captions of the church (every church for platform admins, `?churchId=` to filter)',
    querystring: translationFlagListQuery, item: translationFlagSchema, requires: 'glossary:manage', filename: 'translation-flags.csv', csvColumns: flagCsvColumns,
    page: (actor, q) => listPage(flagSource(ctx.db), q, flagWhere(churchFilter(actor, 'glossary:manage'), q)),
    all: (actor, q) => listAll(flagSource(ctx.db), q.sort, flagWhere(churchFilter(actor, 'glossary:manage'), q)),
  });

  api.post('/translation-flags/:id/accept', {
    schema: { tags, summary: 'Turn a flag into a church glossary entry in one step', params: idParams, body: acceptTranslationFlagBody, response: { 201: glossaryEntrySchema } },
    config: { requires: 'glossary:manage' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    const flag = await loadFlag(ctx, actor, req.params.id);
    const entry = await createEntry(ctx, actor, flag.churchId, req.body);
    await setStatus(ctx, actor, flag, 'accepted');
    return reply.code(201).send(entry);
  });

  api.post('/translation-flags/:id/dismiss', {
    schema: { tags, summary: 'Dismiss a flag', params: idParams, response: { 200: translationFlagSchema } },
    config: { requires: 'glossary:manage' },
  }, async (req) => {
    const actor = requireActor(req);
    const flag = await loadFlag(ctx, actor, req.params.id);
    await setStatus(ctx, actor, flag, 'dismissed');
    return { ...flag, status: 'dismissed' as const };
  });
}
