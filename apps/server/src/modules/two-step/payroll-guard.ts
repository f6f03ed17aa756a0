import type { FastifyRequest } from 'fastify';
import { TWO_STEP_FRESH_MINUTES } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { SESSION_COOKIE } from '../../lib/session';
import { checkCode, markSessionFresh, mustUseTwoStep, sessionHasFreshCode, twoStepEnabled, wrongCode } from './service';

/**
 * Before pay data is read or revealed (decision 023): an administrator who must use two-step sign-in
 * and has not enrolled gets 403 `two_step_required`; a person with it gives a fresh code (403
 * `two_step_code_needed` without one, unless a code was checked on this session minutes ago).
 */
export async function assertPayrollTwoStep(ctx: AppContext, req: FastifyRequest, code: string | undefined): Promise<void> {
  const actor = requireActor(req);
  const token = req.cookies[SESSION_COOKIE];
  if (!(await twoStepEnabled(ctx.db, actor.id))) {
    if (mustUseTwoStep(ctx, actor.role)) {
      throw new AppError('two_step_required', 403, 'Set up two-step sign-in on your profile to see pay details');
    }
    return;
  }
  if (code) {
    if (!(await checkCode(ctx, actor.id, code))) throw wrongCode();
    await markSessionFresh(ctx.db, token);
    return;
  }
  if (await sessionHasFreshCode(ctx.db, token, TWO_STEP_FRESH_MINUTES)) return;
  throw new AppError('two_step_code_needed', 403, 'Enter a code from your authenticator app to see pay details');
}
