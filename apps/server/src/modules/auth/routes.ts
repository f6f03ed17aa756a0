import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, meResponse, signupBody, twoStepChallenge } from '@app/shared';
import type { AppContext } from '../../context';
import { clearSessionCookie, createSession, destroySession, SESSION_COOKIE, setSessionCookie } from '../../lib/session';
import { loadMe } from '../me/service';
import { resetRoutes } from './reset-routes';
import { clearLoginFailures, login, signup } from './service';
import { afterPassword } from '../two-step/sign-in';
import { noteDevice } from '../sessions/devices';
import { perAddress } from '../../lib/rate-limit';

// Failed sign-ins are limited per email in the service; per address only generously (lib/rate-limit).

/** POST /auth/signup, /auth/login, /auth/logout, and the password reset routes. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/auth/signup', {
    schema: { tags: ['auth'], summary: 'Register a member and sign them in', body: signupBody, response: { 201: meResponse } },
    config: { requires: 'public', ...perAddress(60) },
  }, async (req, reply) => {
    const userId = await signup(ctx.db, req.body);
    await startSession(req, reply, userId);
    return reply.code(201).send(await loadMe(ctx.db, userId));
  });

  api.post('/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      description: 'With two-step sign-in on (and this browser not remembered) answers 202 `{ twoStep: "code" }` on a half session: send the code to POST /auth/login/two-step.',
      body: loginBody,
      response: { 200: meResponse, 202: twoStepChallenge },
    },
    config: { requires: 'public', ...perAddress(300) },
  }, async (req, reply) => {
    const userId = await login(ctx.db, req.body.email, req.body.password);
    if ((await afterPassword(ctx, req, reply, userId)) === 'code') return reply.code(202).send({ twoStep: 'code' as const });
    await clearLoginFailures(ctx.db, req.body.email);
    return reply.code(200).send(await loadMe(ctx.db, userId));
  });

  api.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    config: { requires: 'public' },
  }, async (req, reply) => {
    await destroySession(ctx.db, req.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });

  // Signing in replaces the session the browser presented (session fixation defence).
  async function startSession(req: FastifyRequest, reply: FastifyReply, userId: string) {
    await destroySession(ctx.db, req.cookies[SESSION_COOKIE]);
    setSessionCookie(req, reply, await createSession(ctx.db, userId, { userAgent: req.headers['user-agent'], ipAddress: req.ip }));
    await noteDevice(ctx, req, reply, userId);
  }

  await resetRoutes(app, ctx);
}
