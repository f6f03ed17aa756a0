import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { RESET_CODE_LENGTH, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES, type InterfaceLanguage } from '@app/shared';
import type { Db } from '../../db/client';
import { passwordResetCodes, serverSessions, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { assertPasswordAllowed } from '../../lib/password-rules';
import type { MailMessage } from '../../providers/email/mailer';
import { mailLanguageOf } from '../../providers/email/localized';
import { resetCodeMail } from './reset-mail';
import { clearLoginFailures } from './service';
import { accountEmail } from '../../lib/sign-in-email';

/** The answer to every reset request, so it never tells whether an email is registered. */
export const RESET_REQUESTED_MESSAGE = 'If this email is registered, we have sent a 4-digit code to it.';

// With 5 tries per code, these caps bound guessing to 15 tries per 15 minutes and 50 per day per
// email (0.5% of the 10,000 codes), whatever the number of addresses an attacker uses.
const CODES_PER_WINDOW = 3;
const CODES_PER_DAY = 10;
const ttlMs = RESET_CODE_TTL_MINUTES * 60_000;

// The row id salts the hash. A 4-digit code cannot resist an offline search whatever the hash, so
// the real protection is the 15-minute life, the 5 tries and single use.
const hashCode = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

export const invalidResetCode = () =>
  new AppError('invalid_reset_code', 400, 'Invalid code or request', [
    { field: 'code', message: 'Invalid code or request', key: 'errors.invalid_reset_code' },
  ]);

async function findUser(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email, primaryLanguage: users.primaryLanguage })
    .from(users)
    // A disabled account (deletion approved) gets no reset code: it cannot be reopened this way.
    .where(sql`lower(${users.email}) = ${email} and ${users.accountStatus} <> 'disabled'`)
    .limit(1);
  return user;
}

/**
 * Issues a fresh code for a registered email and hands the mail to `deliver`, in the person's
 * language or else the request's (`mailLanguageOf`); earlier codes stop working. Unknown emails and
 * requests over the caps do nothing, and the caller answers the same.
 */
export async function requestReset(db: Db, email: string, deliver: (message: MailMessage) => void, requestLanguage: InterfaceLanguage | null = null): Promise<void> {
  const user = await findUser(db, email);
  if (!user) return;
  const now = Date.now();
  const issuedSince = async (ms: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, user.id), gte(passwordResetCodes.createdAt, new Date(now - ms))));
    return row?.n ?? 0;
  };
  if ((await issuedSince(ttlMs)) >= CODES_PER_WINDOW || (await issuedSince(24 * 60 * 60_000)) >= CODES_PER_DAY) return;

  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(now) })
      .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, new Date(now))));
    await tx.insert(passwordResetCodes).values({ id, userId: user.id, codeHash: hashCode(id, code), expiresAt: new Date(now + ttlMs) });
  });
  const mail = resetCodeMail[mailLanguageOf(user.primaryLanguage, requestLanguage)]({ firstName: user.firstName, code, minutes: RESET_CODE_TTL_MINUTES });
  deliver({ to: accountEmail(user.email), ...mail });
}

/**
 * Checks a code against the email's current code. Every try reserves one of the 5 attempts before
 * comparing (so parallel guesses cannot exceed them); a right code gives its attempt back.
 */
async function checkCode(db: Db, email: string, code: string): Promise<{ userId: string; codeId: string }> {
  const user = await findUser(db, email);
  if (!user) throw invalidResetCode();
  const [current] = await db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, new Date())))
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  if (!current) throw invalidResetCode();
  const [reserved] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(and(eq(passwordResetCodes.id, current.id), lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS)))
    .returning({ codeHash: passwordResetCodes.codeHash });
  if (!reserved) throw invalidResetCode();
  const given = Buffer.from(hashCode(current.id, code));
  if (!timingSafeEqual(given, Buffer.from(reserved.codeHash))) throw invalidResetCode();
  await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} - 1` })
    .where(eq(passwordResetCodes.id, current.id));
  return { userId: user.id, codeId: current.id };
}

/** POST /auth/password-reset/verify: the code is right (it stays usable for the confirm step). */
export async function verifyReset(db: Db, email: string, code: string): Promise<void> {
  await checkCode(db, email, code);
}

/**
 * POST /auth/password-reset/confirm: sets the new password, uses the code up, signs the person out
 * everywhere and lifts a sign-in lock (they have just proved they own the email).
 */
export async function confirmReset(db: Db, email: string, code: string, password: string): Promise<void> {
  assertPasswordAllowed(password, email);
  const { userId, codeId } = await checkCode(db, email, code);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    // Two confirms racing with the same code: only the first one counts.
    if (!used) throw invalidResetCode();
    // A person invited or imported without a password who chose one has an account now (decision 052).
    await tx.update(users).set({
      passwordHash,
      updatedAt: new Date(),
      accountStatus: sql`case when ${users.accountStatus} in ('invited', 'imported') then 'active'::account_status else ${users.accountStatus} end`,
    }).where(eq(users.id, userId));
    await tx.delete(serverSessions).where(eq(serverSessions.userId, userId));
  });
  await clearLoginFailures(db, email);
}
