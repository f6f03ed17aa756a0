import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetConfirmBody, resetRequestBody, resetRequestResponse, resetVerifyBody, resetVerifyResponse } from '@app/shared';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../providers/email/mailer';
import { confirmReset, requestReset, RESET_REQUESTED_MESSAGE, verifyReset } from './password-reset';
import { perAddress } from '../../lib/rate-limit';
import { requestedInterfaceLanguage } from '../../lib/web-app';


/** POST /auth/password-reset, …/verify, …/confirm: the password reset of spec section 4. */
export async function resetRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Mail leaves after the answer: waiting for SMTP would make a registered email measurably slower.
  const pending = new Set<Promise<void>>();
  const deliver = (message: MailMessage) => {
    const sending = ctx.mailer
      .send(message)
      .catch((err: unknown) => ctx.log.error({ err, subject: message.subject }, 'could not send mail'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };
  ctx.onClose(async () => {
    await Promise.allSettled([...pending]);
    ctx.mailer.close();
  });

  api.post('/auth/password-reset', {
    schema: { tags: ['auth'], summary: 'Mail a 4-digit reset code (same answer for unknown emails)', body: resetRequestBody, response: { 202: resetRequestResponse } },
    config: { requires: 'public', ...perAddress(30) },
  }, async (req, reply) => {
    await requestReset(ctx.db, req.body.email, deliver, requestedInterfaceLanguage(req));
    return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
  });

  api.post('/auth/password-reset/verify', {
    schema: { tags: ['auth'], summary: 'Check a reset code', body: resetVerifyBody, response: { 200: resetVerifyResponse } },
    config: { requires: 'public', ...perAddress(60) },
  }, async (req) => {
    await verifyReset(ctx.db, req.body.email, req.body.code);
    return { valid: true as const };
  });

  api.post('/auth/password-reset/confirm', {
    schema: { tags: ['auth'], summary: 'Set a new password with a reset code', body: resetConfirmBody, response: { 204: z.null() } },
    config: { requires: 'public', ...perAddress(60) },
  }, async (req, reply) => {
    await confirmReset(ctx.db, req.body.email, req.body.code, req.body.password);
    return reply.code(204).send(null);
  });
}
