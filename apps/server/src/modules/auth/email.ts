import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Whether another account already uses this email, in any letter case (spec section 5: not already registered). */
export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail)
    .limit(1);
  return row !== undefined;
}

/** 409 with spec section 5's message, also as a field error so forms can show it under the email. */
export function emailTakenError() {
  const message = 'This email is already registered. Please use a different email.';
  return new AppError('email_taken', 409, message, [{ field: 'email', message, key: 'validation.emailTaken' }]);
}
