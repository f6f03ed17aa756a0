import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPreparedTextBody, englishValidationMessage, pageOf, preparedTextListQuery, preparedTextParams, preparedTextSchema,
  preparedTextSummarySchema, updatePreparedTextBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { badRequest } from '../../lib/errors';
import { readFileUpload } from '../../lib/file-upload';
import { paragraphsFromFile, splitParagraphs } from './split';
import { provideLiveSources } from '../../live/live-sources';
import { assertPreparedChurch, createPreparedText, deletePreparedText, getPreparedText, listPreparedTexts, preparedParagraphFor, updatePreparedText } from './service';

const churchParams = z.object({ id: z.uuid() });

/** The fields of a POST, from JSON or from a multipart form with a .txt, .md or .docx `file`. */
async function readCreate(req: FastifyRequest) {
  if (req.isMultipart()) {
    const file = await readFileUpload(req, 'file', 'Choose a .txt, .md or .docx file');
    const fields = createPreparedTextBody.omit({ text: true }).safeParse({ ...file.fields, scheduledSermonId: file.fields.scheduledSermonId || undefined });
    if (!fields.success) throw invalid(fields.error);
    return { ...fields.data, paragraphs: await paragraphsFromFile(file.filename, file.bytes) };
  }
  const body = createPreparedTextBody.safeParse(req.body);
  if (!body.success) throw invalid(body.error);
  return { ...body.data, paragraphs: splitParagraphs(body.data.text) };
}

function invalid(error: z.ZodError) {
  return badRequest('Some fields are not valid', error.issues.map((i) => ({ field: i.path.join('.') || '_', message: englishValidationMessage(i.message), key: i.message })));
}

/** Prepared sermon notes, readings and lyrics of a church (decision 026): whoever may go live prepares them. */
export async function preparedTextRoutes(app: FastifyInstance, ctx: AppContext) {
  // The speaker's clicker sends a prepared paragraph by its id: the live side reads it through this.
  provideLiveSources(ctx, { preparedParagraph: (churchId, paragraphId) => preparedParagraphFor(ctx.db, churchId, paragraphId) });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['prepared-texts'];
  const base = '/churches/:id/prepared-texts';

  api.post(base, {
    schema: {
      tags, params: churchParams, response: { 201: preparedTextSchema },
      summary: 'Add a prepared text: JSON `{ title, text, sourceLanguage?, scheduledSermonId? }`, or multipart with those fields and a .txt, .md or .docx `file`; split into paragraphs and translated ahead',
    },
    config: { requires: 'prepared-texts:manage' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    await assertPreparedChurch(ctx, actor, req.params.id);
    const input = await readCreate(req);
    if (input.paragraphs.length === 0) throw badRequest('The text is empty', [{ field: 'text', message: englishValidationMessage('validation.preparedTextRequired'), key: 'validation.preparedTextRequired' }]);
    return reply.code(201).send(await createPreparedText(ctx, actor, req.params.id, input));
  });

  api.get(base, {
    schema: { tags, summary: 'The church’s prepared texts, newest first', params: churchParams, querystring: preparedTextListQuery, response: { 200: pageOf(preparedTextSummarySchema) } },
    config: { requires: 'prepared-texts:manage' },
  }, async (req) => {
    await assertPreparedChurch(ctx, requireActor(req), req.params.id);
    return listPreparedTexts(ctx, req.params.id, req.query);
  });

  api.get(`${base}/:textId`, {
    schema: { tags, summary: 'One prepared text with its paragraphs and their translations', params: preparedTextParams, response: { 200: preparedTextSchema } },
    config: { requires: 'prepared-texts:manage' },
  }, async (req) => {
    await assertPreparedChurch(ctx, requireActor(req), req.params.id);
    return getPreparedText(ctx, req.params.id, req.params.textId);
  });

  api.patch(`${base}/:textId`, {
    schema: { tags, summary: 'Rename, relink, or edit and reorder paragraphs (only changed ones are translated again)', params: preparedTextParams, body: updatePreparedTextBody, response: { 200: preparedTextSchema } },
    config: { requires: 'prepared-texts:manage' },
  }, async (req) => {
    const actor = requireActor(req);
    await assertPreparedChurch(ctx, actor, req.params.id);
    return updatePreparedText(ctx, actor, req.params.id, req.params.textId, req.body);
  });

  api.delete(`${base}/:textId`, {
    schema: { tags, summary: 'Delete a prepared text', params: preparedTextParams, response: { 204: z.null() } },
    config: { requires: 'prepared-texts:manage' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    await assertPreparedChurch(ctx, actor, req.params.id);
    await deletePreparedText(ctx, actor, req.params.id, req.params.textId);
    return reply.code(204).send(null);
  });
}
