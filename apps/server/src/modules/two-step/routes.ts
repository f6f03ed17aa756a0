import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, loginTwoStepBody, meResponse, recoveryCodesResponse, twoStepCodeBody, twoStepStartResponse, twoStepStatus } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { perAddress } from '../../lib/rate-limit';
import { SESSION_COOKIE } from '../../lib/session';
import { loadMe } from '../me/service';
import { resetTwoStepOf } from './reset';
import { confirmEnrolment, disableTwoStep, startEnrolment, twoStepStatusOf } from './service';
import { finishTwoStep } from './sign-in';

/** Two-step sign-in (decision 023): enrol, confirm, turn off, the code at sign-in, the platform's reset. */
export async function twoStepRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-step'];

  api.get('/me/two-step', {
    schema: { tags, summary: 'Whether one has two-step sign-in, must set it up, and recovery codes left', response: { 200: twoStepStatus } },
    config: { requires: 'signed-in' },
  }, async (req) => {
    const actor = requireActor(req);
    return twoStepStatusOf(ctx, actor.id, actor.role);
  });

  api.post('/me/two-step', {
    schema: { tags, summary: 'Start setting up: a new secret and its otpauth:// URL (for the QR code)', response: { 200: twoStepStartResponse } },
    config: { requires: 'signed-in' },
  }, async (req) => {
    const actor = requireActor(req);
    return startEnrolment(ctx, actor.id, actor.email);
  });

  api.post('/me/two-step/confirm', {
    schema: { tags, summary: 'Turn it on with a first code; answers ten recovery codes, shown once', body: twoStepCodeBody, response: { 200: recoveryCodesResponse } },
    config: { requires: 'signed-in', ...perAddress(30) },
  }, async (req) => ({ recoveryCodes: await confirmEnrolment(ctx, requireActor(req).id, req.body.code, req.cookies[SESSION_COOKIE]) }));

  api.delete('/me/two-step', {
    schema: { tags, summary: 'Turn it off (needs a current code)', body: twoStepCodeBody, response: { 204: z.null() } },
    config: { requires: 'signed-in', ...perAddress(30) },
  }, async (req, reply) => {
    await disableTwoStep(ctx, requireActor(req).id, req.body.code);
    return reply.code(204).send(null);
  });

  api.post('/auth/login/two-step', {
    schema: {
      tags: ['auth', ...tags],
      summary: 'Finish signing in with a code or a recovery code',
      description: '5 wrong tries end the half session: 401 `two_step_restart`, sign in with the password again. `rememberDevice` skips the code on this browser for 30 days.',
      body: loginTwoStepBody,
      response: { 200: meResponse },
    },
    config: { requires: 'public', ...perAddress(120) },
  }, async (req, reply) => loadMe(ctx.db, await finishTwoStep(ctx, req, reply, req.body)));

  api.delete('/users/:id/two-step', {
    schema: { tags, summary: 'Reset a person’s two-step sign-in (platform administrators); audited and mailed to them', params: idParams, response: { 204: z.null() } },
    config: { requires: 'users:reset-two-step' },
  }, async (req, reply) => {
    await resetTwoStepOf(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });
}
