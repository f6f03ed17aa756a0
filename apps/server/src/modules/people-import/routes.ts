import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES, idParams, interfaceLanguages, importConfirmBody, importListQuery, importMappingBody, importPreviewSchema, importSummarySchema, importUploadSchema, undoResultSchema,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { readFileUpload } from '../../lib/file-upload';
import { confirmImport, getImport, listImports, previewImport, previewJson, uploadImport } from './service';
import { templateCsv, templateXlsx } from './template';
import { undoImport } from './undo';

const templateQuery = z.object({ language: z.enum(interfaceLanguages).default('en') });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * Reading a file and planning it against the church's people are the import's costly steps: each
 * is limited per client address (decision 051), the preview as the upload, so one upload cannot be
 * previewed without end.
 */
const IMPORT_STEP_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** People import (decision 036): upload, preview, confirm, progress, undo. Administrators only. */
export async function peopleImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['people import'];
  const config = { requires: 'people:import' as const };

  api.post('/people-imports', {
    schema: {
      tags,
      summary: 'Upload a CSV or XLSX of people (multipart `file`, optional `churchId` for platform admins): its columns and their automatic matches',
      description: 'Nothing about people is written. Not a spreadsheet: 415; over 10 MB, 20,000 rows, too many cells or a zip bomb: 413.',
      response: { 201: importUploadSchema },
    },
    config: { ...config, rateLimit: IMPORT_STEP_LIMIT },
  }, async (req, reply) => {
    const actor = requireActor(req);
    const file = await readFileUpload(req, 'file', 'Choose a CSV or XLSX file', IMPORT_MAX_BYTES);
    return reply.code(201).send(await uploadImport(ctx, actor, file, file.fields.churchId || undefined));
  });

  // Static paths: Fastify takes them before `/people-imports/:id`.
  api.get('/people-imports/template.csv', {
    schema: { tags, summary: 'A CSV with the columns the import reads, headed in `language`', querystring: templateQuery },
    config,
  }, async (req, reply) => reply.type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="people-template-${req.query.language}.csv"`).send(templateCsv(req.query.language)));

  api.get('/people-imports/template.xlsx', {
    schema: { tags, summary: 'An XLSX with the columns the import reads, headed in `language`', querystring: templateQuery },
    config,
  }, async (req, reply) => reply.type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="people-template-${req.query.language}.xlsx"`).send(await templateXlsx(req.query.language)));

  api.get('/people-imports', {
    schema: { tags, summary: 'The church’s recent imports, newest first', querystring: importListQuery, response: { 200: z.array(importSummarySchema) } },
    config,
  }, async (req) => listImports(ctx, requireActor(req), req.query.churchId));

  api.get('/people-imports/:id', {
    schema: { tags, summary: 'One import: status and progress', params: idParams, response: { 200: importSummarySchema } },
    config,
  }, async (req) => getImport(ctx, requireActor(req), req.params.id));

  api.post('/people-imports/:id/preview', {
    schema: { tags, summary: 'Every row’s outcome under a column mapping (nothing is written)', params: idParams, body: importMappingBody, response: { 200: importPreviewSchema } },
    config: { ...config, rateLimit: IMPORT_STEP_LIMIT },
  }, async (req, reply) => {
    // Made as text in pieces (previewJson); Fastify sends a string typed JSON as it is, and the
    // schema stays for the API's documentation.
    const preview = await previewImport(ctx, requireActor(req), req.params.id, req.body.mapping);
    const text = await previewJson(preview);
    return reply.type('application/json; charset=utf-8').send(text as unknown as typeof preview);
  });

  api.post('/people-imports/:id/confirm', {
    schema: {
      tags,
      summary: 'Write the new and updated people in the background; `invite` mails each new person a set-your-password link',
      params: idParams,
      body: importConfirmBody,
      response: { 202: importSummarySchema },
    },
    config,
  }, async (req, reply) => reply.code(202).send(await confirmImport(ctx, requireActor(req), req.params.id, req.body.mapping, req.body.invite)));

  api.post('/people-imports/:id/undo', {
    schema: { tags, summary: 'Take a finished import back (7 days); people who signed in or changed since are kept and listed', params: idParams, response: { 200: undoResultSchema } },
    config,
  }, async (req) => undoImport(ctx, requireActor(req), req.params.id));
}
