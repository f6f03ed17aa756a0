import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { AppContext } from '../../context';
import { serverSessions, knownDevices, twoStepRecoveryCodes, twoStepSettings, users } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from './totp';
import { accountEmail } from '../../lib/sign-in-email';

/** Roles that hold payroll data and must use two-step sign-in when ADMIN_TWO_STEP=required. */
const ADMIN_ROLES: readonly Role[] = ['platform_admin', 'church_admin'];

export const wrongCode = () =>
  new AppError('two_step_code_invalid', 400, 'This code is not right or was already used', [
    { field: 'code', message: 'This code is not right or was already used. Try the newest code', key: 'validation.twoStepCodeWrong' },
  ]);

async function settingsOf(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(twoStepSettings).where(eq(twoStepSettings.userId, userId)).limit(1);
  return row ?? null;
}

export async function twoStepEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  return !!(await settingsOf(db, userId))?.enabledAt;
}

export const mustUseTwoStep = (ctx: AppContext, role: Role) => ctx.config.ADMIN_TWO_STEP === 'required' && ADMIN_ROLES.includes(role);

/** GET /me/two-step. */
export async function twoStepStatusOf(ctx: AppContext, userId: string, role: Role) {
  const enabled = await twoStepEnabled(ctx.db, userId);
  const [left] = await ctx.db
    .select({ n: count() })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
  return { enabled, mustEnrol: !enabled && mustUseTwoStep(ctx, role), recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0 };
}

/** POST /me/two-step: a new secret, kept aside until a code from the app confirms it. */
export async function startEnrolment(ctx: AppContext, userId: string, email: string) {
  if (await twoStepEnabled(ctx.db, userId)) throw new AppError('conflict', 409, 'Two-step sign-in is already on');
  const { secret, otpauthUrl } = newTotpSecret(email);
  const pendingSecretEnc = ctx.secrets.encrypt(secret);
  await ctx.db.insert(twoStepSettings).values({ userId, pendingSecretEnc })
    .onConflictDoUpdate({ target: twoStepSettings.userId, set: { pendingSecretEnc, updatedAt: new Date() } });
  return { secret, otpauthUrl };
}

/**
 * Accepts a code for `secret` when its time step is after the last one used (one code counts once,
 * even when two requests race: the update only wins for a newer step).
 */
async function useCode(db: DbOrTx, userId: string, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const [won] = await db.update(twoStepSettings).set({ lastUsedStep: step, updatedAt: new Date() })
    .where(and(eq(twoStepSettings.userId, userId), lt(twoStepSettings.lastUsedStep, step)))
    .returning({ userId: twoStepSettings.userId });
  return !!won;
}

/** POST /me/two-step/confirm: the first code turns it on; answers the ten recovery codes, shown once. */
export async function confirmEnrolment(ctx: AppContext, userId: string, code: string, currentToken: string | undefined): Promise<string[]> {
  const settings = await settingsOf(ctx.db, userId);
  const secret = ctx.secrets.decryptOrNull(settings?.pendingSecretEnc ?? null);
  if (!settings || settings.enabledAt || !secret) throw new AppError('conflict', 409, 'Start setting up two-step sign-in first');
  if (!(await useCode(ctx.db, userId, secret, code))) throw wrongCode();
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await tx.update(twoStepSettings).set({ secretEnc: settings.pendingSecretEnc, pendingSecretEnc: null, enabledAt: new Date() })
      .where(eq(twoStepSettings.userId, userId));
    await replaceRecoveryCodes(tx, userId, codes);
    // The code just given counts as this sign-in's fresh code (a reveal right after needs no other).
    if (currentToken) await tx.update(serverSessions).set({ twoStepAt: new Date() }).where(eq(serverSessions.idHash, sha256(currentToken)));
  });
  return codes;
}

async function replaceRecoveryCodes(tx: DbOrTx, userId: string, codes: string[]) {
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await tx.insert(twoStepRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
}

/** Checks a six-digit code of the person's enabled two-step sign-in. */
export async function checkCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const secret = ctx.secrets.decryptOrNull((await settingsOf(ctx.db, userId))?.secretEnc ?? null);
  return !!secret && useCode(ctx.db, userId, secret, code);
}

/** Uses one recovery code up; false when it is unknown or was used. */
export async function useRecoveryCode(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const [used] = await db.update(twoStepRecoveryCodes).set({ usedAt: new Date() })
    .where(and(eq(twoStepRecoveryCodes.userId, userId), eq(twoStepRecoveryCodes.codeHash, recoveryCodeHash(code)), isNull(twoStepRecoveryCodes.usedAt)))
    .returning({ id: twoStepRecoveryCodes.id });
  return !!used;
}

/** Turns two-step sign-in off: the secret, recovery codes and trusted devices go. */
export async function removeTwoStep(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoStepSettings).where(eq(twoStepSettings.userId, userId));
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await db.update(knownDevices).set({ trustedUntil: null }).where(eq(knownDevices.userId, userId));
}

/** DELETE /me/two-step: needs a current code, so a session left open cannot turn it off. */
export async function disableTwoStep(ctx: AppContext, userId: string, code: string): Promise<void> {
  if (!(await twoStepEnabled(ctx.db, userId))) throw notFound('Two-step sign-in');
  if (!(await checkCode(ctx, userId, code))) throw wrongCode();
  await ctx.db.transaction((tx) => removeTwoStep(tx, userId));
}

/** Whether the session had a code checked within TWO_STEP_FRESH_MINUTES. */
export async function sessionHasFreshCode(db: DbOrTx, token: string | undefined, minutes: number): Promise<boolean> {
  if (!token) return false;
  const [row] = await db.select({ at: serverSessions.twoStepAt }).from(serverSessions)
    .where(and(eq(serverSessions.idHash, sha256(token)), gt(serverSessions.twoStepAt, new Date(Date.now() - minutes * 60_000))))
    .limit(1);
  return !!row;
}

export async function markSessionFresh(db: DbOrTx, token: string | undefined): Promise<void> {
  if (token) await db.update(serverSessions).set({ twoStepAt: new Date() }).where(eq(serverSessions.idHash, sha256(token)));
}

/** The person's email, first name and mail language, for the mails of this area. */
export async function mailee(db: DbOrTx, userId: string) {
  const [row] = await db.select({ email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage, churchId: users.churchId })
    .from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
  return { ...row, email: accountEmail(row.email) };
}
