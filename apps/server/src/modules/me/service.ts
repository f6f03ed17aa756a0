import { and, eq, ne } from 'drizzle-orm';
import type { changePasswordBody, Me, Role, updateMeBody } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { churches, serverSessions, staffDetails, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertPasswordAllowed } from '../../lib/password-rules';
import { fileUrl } from '../../providers/storage/image-store';
import { isUniqueViolation } from '../../lib/db-errors';
import { emailTaken, emailTakenError } from '../auth/email';
import { accountEmail } from '../../lib/sign-in-email';

/** Roles that have a staff record (work email, LinkedIn): everyone but members. */
export const hasStaffDetails = (role: Role) => role !== 'member';

/** The signed-in person as GET /me answers it (church name joined, photo as a URL). */
export async function loadMe(db: Db, userId: string): Promise<Me> {
  const [row] = await db
    .select({ user: users, churchName: churches.name, workEmail: staffDetails.workEmail, linkedinUrl: staffDetails.linkedinUrl })
    .from(users)
    .leftJoin(churches, eq(churches.id, users.churchId))
    .leftJoin(staffDetails, eq(staffDetails.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User');
  const u = row.user;
  const staff = hasStaffDetails(u.role);
  return {
    id: u.id,
    email: accountEmail(u.email),
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    churchId: u.churchId,
    churchName: row.churchName,
    phone: u.phone,
    suburb: u.suburb,
    address: u.address,
    dateOfBirth: u.dateOfBirth,
    gender: u.gender,
    primaryLanguage: u.primaryLanguage,
    faithLevel: u.faithLevel,
    referralCode: u.referralCode,
    photoUrl: u.photoPath ? fileUrl(u.photoPath) : null,
    acceptedJesus: u.acceptedJesus,
    acceptedJesusAt: u.acceptedJesusAt?.toISOString() ?? null,
    workEmail: staff ? (row.workEmail ?? null) : null,
    linkedinUrl: staff ? (row.linkedinUrl ?? null) : null,
  };
}

type UpdateMe = z.output<typeof updateMeBody>;
// '' and null both clear an optional field.
const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v === '' || v === null ? null : v);

/** PATCH /me: only the fields sent change. Work email and LinkedIn are kept for staff roles only. */
export async function updateMe(db: Db, userId: string, role: Role, input: UpdateMe): Promise<Me> {
  if (input.email !== undefined && (await emailTaken(db, input.email, userId))) throw emailTakenError();

  const changes: Partial<typeof users.$inferInsert> = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    suburb: input.suburb,
    address: orNull(input.address),
    dateOfBirth: orNull(input.dateOfBirth),
    gender: input.gender,
    primaryLanguage: input.primaryLanguage,
    faithLevel: input.faithLevel,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const staffChanges = hasStaffDetails(role)
    ? Object.fromEntries(Object.entries({ workEmail: orNull(input.workEmail), linkedinUrl: orNull(input.linkedinUrl) }).filter(([, v]) => v !== undefined))
    : {};

  try {
    await db.transaction(async (tx) => {
      if (Object.keys(defined).length > 0) {
        await tx.update(users).set({ ...defined, updatedAt: new Date() }).where(eq(users.id, userId));
      }
      if (Object.keys(staffChanges).length > 0) {
        await tx
          .insert(staffDetails)
          .values({ userId, ...staffChanges })
          .onConflictDoUpdate({ target: staffDetails.userId, set: { ...staffChanges, updatedAt: new Date() } });
      }
    });
  } catch (err) {
    // Two requests racing for one address: the unique index decides.
    if (isUniqueViolation(err, 'users_email_uq')) throw emailTakenError();
    throw err;
  }
  return loadMe(db, userId);
}

type ChangePassword = z.output<typeof changePasswordBody>;

/**
 * POST /me/password: the current password must be right; the new one is stored as argon2id and
 * every other session of the person ends (the one making the change stays signed in).
 */
export async function changePassword(db: Db, userId: string, currentToken: string | undefined, body: ChangePassword): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    const message = 'Your current password is not correct';
    throw new AppError('invalid_credentials', 400, message, [{ field: 'currentPassword', message, key: 'errors.invalid_credentials' }]);
  }
  assertPasswordAllowed(body.newPassword, accountEmail(user.email), 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    const others = currentToken
      ? and(eq(serverSessions.userId, userId), ne(serverSessions.idHash, sha256(currentToken)))
      : eq(serverSessions.userId, userId);
    await tx.delete(serverSessions).where(others);
  });
}

/** Sets the photo's stored name and answers the name it replaces (for the caller to delete). */
export async function setPhoto(db: Db, userId: string, name: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ photoPath: users.photoPath }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    await tx.update(users).set({ photoPath: name, updatedAt: new Date() }).where(eq(users.id, userId));
    return before?.photoPath ?? null;
  });
}
