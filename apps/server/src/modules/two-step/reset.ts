import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { serverSessions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { mailLanguageOf } from '../../providers/email/localized';
import { twoStepResetMail } from '../sessions/mail';
import { publicUrlOf } from '../users/invitations';
import { mailee, removeTwoStep, twoStepEnabled } from './service';

/**
 * DELETE /users/{id}/two-step: for a person who lost their authenticator and recovery codes. Their
 * sessions end too (whoever holds them may be the reason), the reset is audited and mailed to them.
 */
export async function resetTwoStepOf(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  // Checked first: a person without an account (no email, decision 036) never set two-step up.
  if (!(await twoStepEnabled(ctx.db, userId))) throw notFound('Two-step sign-in');
  const person = await mailee(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    await removeTwoStep(tx, userId);
    await tx.delete(serverSessions).where(eq(serverSessions.userId, userId));
    await writeAudit(tx, actor, { action: 'person.two_step_reset', targetType: 'user', targetId: userId, churchId: person.churchId, details: {} });
  });
  const mail = twoStepResetMail[mailLanguageOf(person.primaryLanguage)]({ firstName: person.firstName, profileUrl: `${publicUrlOf(ctx)}/profile` });
  try {
    await ctx.mailer.send({ to: person.email, ...mail });
  } catch (err) {
    ctx.log.error({ err }, 'two-step reset mail could not be sent');
  }
}
