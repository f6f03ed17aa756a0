import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PrimaryLanguage } from '@app/shared';
import type { AppContext } from '../../context';
import { accountInvitations, serverSessions, users } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { assertPasswordAllowed } from '../../lib/password-rules';
import { mailLanguageOf } from '../../providers/email/localized';
import { accountCreatedMail } from './mail';
import { accountEmail } from '../../lib/sign-in-email';

/** How long a set-your-password link works: long enough for a member who checks mail on Sundays. */
export const INVITATION_DAYS = 7;

export const publicUrlOf = (ctx: AppContext) => ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`;

/** A fresh link token for `userId`, stored hashed; earlier unused links of the person stop working. */
export async function createInvitation(tx: DbOrTx, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.update(accountInvitations).set({ usedAt: new Date() }).where(and(eq(accountInvitations.userId, userId), isNull(accountInvitations.usedAt)));
  await tx.insert(accountInvitations).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60_000),
  });
  return token;
}

/**
 * Mails a person who was just added, in their primary language: the set-your-password link, or
 * word that an account exists. A mail that cannot be handed over is logged; the person stays added
 * and an admin can send a new link by editing them.
 */
export async function mailNewAccount(
  ctx: AppContext,
  person: { email: string; firstName: string; primaryLanguage: PrimaryLanguage | null; churchName: string },
  inviteToken?: string,
): Promise<void> {
  const base = publicUrlOf(ctx);
  const mail = accountCreatedMail[mailLanguageOf(person.primaryLanguage)]({
    firstName: person.firstName,
    churchName: person.churchName,
    signInUrl: `${base}/`,
    inviteUrl: inviteToken ? `${base}/set-password?token=${encodeURIComponent(inviteToken)}` : undefined,
    days: INVITATION_DAYS,
  });
  try {
    await ctx.mailer.send({ to: person.email, ...mail });
  } catch (err) {
    ctx.log.error({ err }, 'account mail could not be sent');
  }
}

const invalidInvitation = () =>
  new AppError('invalid_invitation', 400, 'This link has expired or was already used. Ask your church for a new one.', [
    { field: 'token', message: 'This link has expired or was already used. Ask your church for a new one.', key: 'errors.invalid_invitation' },
  ]);

/** Sets the invited person's password from the link (single use, INVITATION_DAYS), activating the account. */
export async function acceptInvitation(ctx: AppContext, token: string, password: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: accountInvitations.id, userId: accountInvitations.userId, email: users.email })
      .from(accountInvitations)
      .innerJoin(users, eq(users.id, accountInvitations.userId))
      .where(and(eq(accountInvitations.tokenHash, sha256(token)), isNull(accountInvitations.usedAt), gt(accountInvitations.expiresAt, new Date())))
      .for('update')
      .limit(1);
    if (!invitation) throw invalidInvitation();
    assertPasswordAllowed(password, accountEmail(invitation.email));
    const passwordHash = await hashPassword(password);
    await tx.update(accountInvitations).set({ usedAt: new Date() }).where(eq(accountInvitations.id, invitation.id));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, accountStatus: 'active', updatedAt: new Date() })
      .where(and(eq(users.id, invitation.userId), eq(users.accountStatus, 'invited')))
      .returning({ id: users.id });
    if (!user) throw invalidInvitation();
    await tx.delete(serverSessions).where(eq(serverSessions.userId, user.id));
  });
}
