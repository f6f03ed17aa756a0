import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupDownloadResponse, backupEntrySchema, backupListResponse, backupStatusResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { backupsOf } from './backups-of';
import { startBackup } from './run-backup';
import { backupOfLink, backupStatusOf, downloadLink, listBackups } from './service';

const nameParams = z.object({ name: z.string().max(120) });
const codeBody = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'validation.twoStepCodeFormat').optional() }).optional();
const tokenQuery = z.object({ token: z.string().min(1).max(1000) });

/** The Backups screen's API (decision 032): platform administrators only ('backups:manage'). */
export async function backupRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['backups'];

  api.get('/backups', {
    schema: { tags, summary: 'Backups kept, in progress and failed, newest first', response: { 200: backupListResponse } },
    config: { requires: 'backups:manage' },
  }, async () => listBackups(ctx));

  api.get('/backups/status', {
    schema: { tags, summary: 'Whether the newest backup run failed (the dashboard warning)', response: { 200: backupStatusResponse } },
    config: { requires: 'backups:manage' },
  }, async () => backupStatusOf(ctx));

  api.post('/backups', {
    schema: { tags, summary: 'Back up now: starts a backup and answers its run (poll GET /backups for progress)', response: { 202: backupEntrySchema } },
    config: { requires: 'backups:manage' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    const { run } = await startBackup(ctx, { trigger: 'manual', startedById: actor.id });
    await writeAudit(ctx.db, actor, { action: 'backup.started', targetType: 'backup', targetId: run.id, churchId: null });
    return reply.code(202).send({
      id: run.id, state: run.state, at: run.startedAt.toISOString(), finishedAt: null, sizeBytes: null,
      place: run.place === 'bucket' ? 'bucket' : 'folder', location: null, trigger: run.trigger, catchUp: false, progress: run.progress, error: null, errorKind: null, startedBy: `${actor.firstName} ${actor.lastName}`.trim(),
    });
  });

  api.post('/backups/:name/download', {
    schema: {
      tags,
      summary: 'A link to download one backup, after a fresh code from the authenticator app',
      params: nameParams,
      body: codeBody,
      response: { 200: backupDownloadResponse },
    },
    config: { requires: 'backups:manage' },
  }, async (req) => downloadLink(ctx, requireActor(req), req.params.name, req.body?.code));

  api.get('/backups/download', {
    schema: { tags, summary: 'The backup file a download link names (the link works for a minute)', querystring: tokenQuery },
    config: { requires: 'backups:manage' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    const name = backupOfLink(ctx, actor, req.query.token);
    const { place } = await backupsOf(ctx);
    const file = await place.open(name);
    if (!file) throw notFound('Backup');
    await writeAudit(ctx.db, actor, { action: 'backup.downloaded', targetType: 'backup', targetId: name, churchId: null, details: { bytes: file.size } });
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
}
