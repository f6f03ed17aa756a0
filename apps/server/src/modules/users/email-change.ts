import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { emailTaken, emailTakenError } from '../auth/email';

/**
 * What an edit's email means for the account (decision 036, "People without an email"). No email
 * (null) is allowed only for a person who has none: an email is someone's sign-in and is never taken
 * away, and a staff member must be able to sign in, so becoming staff needs one. Giving an email to
 * a person without an account makes them 'imported' (an email, no password, no invitation sent;
 * decision 052): they can then set a password through "Forgot password", as the form says.
 */
export async function emailChange(db: Db, id: string, email: string | null | undefined, newRole?: string): Promise<{ accountStatus?: 'imported' }> {
  if (email === undefined && newRole !== 'staff') return {};
  const [current] = await db.select({ email: users.email, status: users.accountStatus }).from(users).where(eq(users.id, id)).limit(1);
  const required = () => badRequest('Some fields are not valid', [{ field: 'email', message: 'Email is required', key: 'validation.emailRequired' }]);
  if (email === null && current?.email) throw required();
  if (newRole === 'staff' && !(email ?? current?.email)) throw required();
  if (!email) return {};
  if (await emailTaken(db, email, id)) throw emailTakenError();
  return current?.status === 'no_account' ? { accountStatus: 'imported' } : {};
}
