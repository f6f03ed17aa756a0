import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { newReferralCode } from '../../lib/ids';
import { emailTakenError } from '../auth/email';

const REFERRAL_CODE_TRIES = 5;

export type NewPerson = Omit<typeof users.$inferInsert, 'referralCode' | 'searchText'>;

/**
 * Inserts a person with a fresh referral code and answers their id. The unique index decides
 * between two registrations of one address at once (409); a rare referral-code clash draws again.
 */
export async function insertPerson(db: Db | DbOrTx, values: NewPerson): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [user] = await db.insert(users).values({ ...values, referralCode: newReferralCode() }).returning({ id: users.id });
      return user!.id;
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_uq')) throw emailTakenError();
      if (isUniqueViolation(err, 'users_referral_code_uq') && attempt < REFERRAL_CODE_TRIES) continue;
      throw err;
    }
  }
}
