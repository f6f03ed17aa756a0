import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES, type FieldError, type signupBody } from '@app/shared';
import type { Db } from '../../db/client';
import { churches, loginFailures, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { passwordRuleError } from '../../lib/password-rules';
import { insertPerson } from '../users/insert-person';
import { emailTaken, emailTakenError } from './email';

type Signup = z.output<typeof signupBody>;

/**
 * Registers a member (spec section 5 Signup) and answers the new user's id. The schema has already
 * checked every format; here: the church exists, the referral code belongs to someone, the email
 * is free in any letter case. Broken references answer 400 on their field, a taken email 409.
 */
export async function signup(db: Db, input: Signup): Promise<string> {
  const errors: FieldError[] = [];
  const passwordError = passwordRuleError(input.password, input.email);
  if (passwordError) errors.push(passwordError);
  const [church] = await db.select({ id: churches.id }).from(churches).where(eq(churches.id, input.churchId)).limit(1);
  if (!church) errors.push({ field: 'churchId', message: 'Please choose a church', key: 'validation.churchRequired' });
  let referredById: string | null = null;
  if (input.referralCode) {
    const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, input.referralCode)).limit(1);
    if (referrer) referredById = referrer.id;
    else errors.push({ field: 'referralCode', message: 'This referral code is not valid', key: 'validation.referralCodeInvalid' });
  }
  if (errors.length > 0) throw badRequest('Some fields are not valid', errors);
  if (await emailTaken(db, input.email)) throw emailTakenError();

  const passwordHash = await hashPassword(input.password);
  const values = {
    email: input.email,
    passwordHash,
    role: 'member' as const,
    churchId: input.churchId,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    suburb: input.suburb,
    dateOfBirth: input.dateOfBirth,
    gender: input.gender ?? null,
    primaryLanguage: input.primaryLanguage ?? null,
    faithLevel: input.faithLevel ?? null,
    attendedBefore: input.attendedBefore ?? null,
    broughtBy: input.broughtBy || null,
    referralSource: input.referralSource ?? null,
    referredById,
    termsAcceptedAt: new Date(),
    guardianConsent: input.guardianConsent === true,
  };
  return insertPerson(db, values);
}

const windowMs = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

/**
 * 429 with Retry-After while this email has LOGIN_MAX_FAILURES failures in the window. Counted per
 * email, not per address: a congregation shares one church Wi-Fi address.
 */
async function assertNotLocked(db: Db, email: string, now: Date): Promise<void> {
  const recent = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gte(loginFailures.at, new Date(now.getTime() - windowMs))))
    .orderBy(asc(loginFailures.at));
  if (recent.length < LOGIN_MAX_FAILURES) return;
  // The lock lifts when enough of the oldest failures have left the window.
  const unlockAt = recent[recent.length - LOGIN_MAX_FAILURES]!.at.getTime() + windowMs;
  const seconds = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    'rate_limited',
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Checks the credentials and answers the user's id; 401 `invalid_credentials` otherwise. The caller clears the failures. */
export async function login(db: Db, email: string, password: string): Promise<string> {
  const now = new Date();
  await assertNotLocked(db, email, now);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, churchId: users.churchId, accountStatus: users.accountStatus })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  // An unknown email costs the same hash as a known one, so timing does not tell them apart.
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  // A disabled account (its deletion approved) answers like a wrong password: nothing to learn.
  if (!user || !ok || user.accountStatus === 'disabled') {
    await recordFailure(db, email, now, user);
    throw new AppError('invalid_credentials', 401, 'Please enter the correct credentials');
  }
  // Failures are cleared once the sign-in is complete (after the two-step code, when there is one):
  // wrong codes count as failures too, and a right password alone must not wipe them (decision 023).
  return user.id;
}

/**
 * Counts a failed sign-in. The failure that locks the email is written to the audit log once, with
 * the account's church when the email belongs to someone; never the password.
 */
export async function recordFailure(db: Db, email: string, now: Date, user: { id: string; churchId: string | null } | undefined) {
  await db.insert(loginFailures).values({ email, at: now });
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - windowMs)));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loginFailures).where(eq(loginFailures.email, email));
  if (Number(row?.n) !== LOGIN_MAX_FAILURES) return;
  await writeAudit(db, null, {
    action: 'auth.sign_in_locked',
    targetType: 'user',
    targetId: user?.id ?? null,
    churchId: user?.churchId ?? null,
    details: { failures: LOGIN_MAX_FAILURES, windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES, knownAccount: !!user },
  });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
