import { eq } from 'drizzle-orm';
import type { FieldError, personFields } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { churches, users } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../../lib/session';

type PersonInput = Partial<z.output<typeof personFields>>;

// '' and null both clear an optional field; undefined leaves it as it is.
const orNull = <T>(v: T | '' | null | undefined) => (v === undefined ? undefined : v === '' || v === null ? null : v);

/**
 * Checks the references in a person's fields against the database — the church exists and the actor
 * may put people in it, the referral code belongs to someone else — and answers the column values.
 * Every broken reference is reported at once, on its own field.
 */
export async function personValues(db: Db, actor: Actor, input: PersonInput, selfId?: string) {
  const errors: FieldError[] = [];
  if (input.churchId !== undefined) {
    const [church] = await db.select({ id: churches.id }).from(churches).where(eq(churches.id, input.churchId)).limit(1);
    if (!church || !canReachChurch(actor, 'users:write', church.id)) {
      errors.push({ field: 'churchId', message: 'Please choose a church', key: 'validation.churchRequired' });
    }
  }
  let referredById: string | null | undefined;
  if (input.referredByCode !== undefined) {
    referredById = null;
    if (input.referredByCode) {
      const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, input.referredByCode)).limit(1);
      if (referrer && referrer.id !== selfId) referredById = referrer.id;
      else errors.push({ field: 'referredByCode', message: 'This referral code is not valid', key: 'validation.referralCodeInvalid' });
    }
  }
  if (errors.length > 0) throw badRequest('Some fields are not valid', errors);

  let acceptedJesusAt: Date | null | undefined;
  if (input.acceptedJesus === false) acceptedJesusAt = null;
  else if (input.acceptedJesusAt) acceptedJesusAt = new Date(input.acceptedJesusAt);
  else if (input.acceptedJesusAt === '' || input.acceptedJesusAt === null) acceptedJesusAt = null;

  const values: Partial<typeof users.$inferInsert> = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    suburb: input.suburb,
    churchId: input.churchId,
    address: orNull(input.address),
    dateOfBirth: orNull(input.dateOfBirth),
    gender: orNull(input.gender),
    primaryLanguage: orNull(input.primaryLanguage),
    faithLevel: orNull(input.faithLevel),
    attendedBefore: input.attendedBefore,
    broughtBy: orNull(input.broughtBy),
    referralSource: orNull(input.referralSource),
    referredById,
    acceptedJesus: input.acceptedJesus,
    acceptedJesusAt,
  };
  // Drizzle would write undefined as "leave alone" anyway; dropping the keys keeps the audit's
  // list of changed fields honest.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof users.$inferInsert>;
}
