import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_STEP_CODE_TRIES, type loginTwoStepBody } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { serverSessions, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { clearSessionCookie, createSession, destroySession, SESSION_COOKIE, setSessionCookie } from '../../lib/session';
import { clearLoginFailures, recordFailure } from '../auth/service';
import { deviceTrusted, noteDevice } from '../sessions/devices';
import { checkCode, twoStepEnabled, useRecoveryCode, wrongCode } from './service';
import { accountEmail } from '../../lib/sign-in-email';

const originOf = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], ipAddress: req.ip });

/**
 * After a right password (decision 023): a person with two-step sign-in on a browser they did not
 * remember gets a half session and answers 'code'; everyone else is signed in ('done').
 * Signing in replaces the session the browser presented (session fixation defence).
 */
export async function afterPassword(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: string): Promise<'done' | 'code'> {
  await destroySession(ctx.db, req.cookies[SESSION_COOKIE]);
  if ((await twoStepEnabled(ctx.db, userId)) && !(await deviceTrusted(ctx, req, userId))) {
    setSessionCookie(req, reply, await createSession(ctx.db, userId, { ...originOf(req), twoStepPending: true }));
    return 'code';
  }
  setSessionCookie(req, reply, await createSession(ctx.db, userId, originOf(req)));
  await noteDevice(ctx, req, reply, userId);
  return 'done';
}

const restart = () => new AppError('two_step_restart', 401, 'Please sign in again with your email and password');

type Body = z.output<typeof loginTwoStepBody>;

/**
 * POST /auth/login/two-step: the code or a recovery code on the half session. A wrong one counts
 * as a failed sign-in of the email; after TWO_STEP_CODE_TRIES the half session ends and sign-in
 * starts again from the password. Answers the signed-in person's id.
 */
export async function finishTwoStep(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, body: Body): Promise<string> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) throw restart();
  const idHash = sha256(token);
  const [half] = await ctx.db
    .select({ userId: serverSessions.userId, tries: serverSessions.twoStepTries, email: users.email, churchId: users.churchId })
    .from(serverSessions)
    .innerJoin(users, eq(users.id, serverSessions.userId))
    .where(and(eq(serverSessions.idHash, idHash), eq(serverSessions.twoStepPending, true), gt(serverSessions.expiresAt, new Date())))
    .limit(1);
  if (!half) {
    clearSessionCookie(reply);
    throw restart();
  }
  const ok = body.code ? await checkCode(ctx, half.userId, body.code) : await useRecoveryCode(ctx.db, half.userId, body.recoveryCode!);
  if (!ok) {
    await recordFailure(ctx.db, accountEmail(half.email).toLowerCase(), new Date(), { id: half.userId, churchId: half.churchId });
    const [row] = await ctx.db.update(serverSessions).set({ twoStepTries: sql`${serverSessions.twoStepTries} + 1` })
      .where(eq(serverSessions.idHash, idHash)).returning({ tries: serverSessions.twoStepTries });
    if (!row || row.tries >= TWO_STEP_CODE_TRIES) {
      await destroySession(ctx.db, token);
      clearSessionCookie(reply);
      throw restart();
    }
    throw wrongCode();
  }
  // The half session's cookie is not promoted: a new token for the complete session.
  await destroySession(ctx.db, token);
  setSessionCookie(req, reply, await createSession(ctx.db, half.userId, { ...originOf(req), twoStepAt: new Date() }));
  await noteDevice(ctx, req, reply, half.userId, body.rememberDevice === true);
  await clearLoginFailures(ctx.db, accountEmail(half.email).toLowerCase());
  return half.userId;
}
