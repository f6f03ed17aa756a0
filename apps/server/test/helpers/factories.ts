import { randomUUID } from 'node:crypto';
import type { Role } from '@app/shared';
import type { Db } from '../../src/db/client';
import { churches, users } from '../../src/db/schema';
import { newReferralCode } from '../../src/lib/ids';
import { hashPassword } from '../../src/lib/passwords';
import { createSession, SESSION_COOKIE } from '../../src/lib/session';

export const TEST_PASSWORD = 'secret123';
let passwordHash: Promise<string> | undefined;

type ChurchInsert = typeof churches.$inferInsert;
type UserInsert = typeof users.$inferInsert;

export async function buildChurch(db: Db, overrides: Partial<ChurchInsert> = {}) {
  const [church] = await db.insert(churches).values({
    name: `Test Church ${randomUUID().slice(0, 6).replace(/[0-9]/g, 'x')}`,
    address: '1 Test Street', suburb: 'Sydney', state: 'New South Wales', country: 'Australia',
    contactNumber: '0299990000', pastorName: 'Pat Pastor', pastorPhone: '0411111111',
    ...overrides,
  }).returning();
  return church!;
}

/** A user of the given role; the password is TEST_PASSWORD unless overridden. */
export async function buildUser(db: Db, role: Role, overrides: Partial<UserInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db.insert(users).values({
    email: `${role}.${randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await passwordHash,
    role,
    firstName: 'Tess', lastName: 'Tester', phone: '0400000000', suburb: 'Sydney',
    referralCode: newReferralCode(),
    ...overrides,
  }).returning();
  // Built people have an account (an email); people without one are the import's (decision 036).
  return { ...user!, email: user!.email! };
}

/** A `cookie` header value that signs in as the user (without going through the login route). */
export async function sessionCookie(db: Db, userId: string): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(db, userId)}`;
}

/** One church with a user of every role, each with a cookie: the usual cast of a permission test. */
export async function buildCast(db: Db) {
  const church = await buildChurch(db);
  const otherChurch = await buildChurch(db);
  const make = async (role: Role, churchId: string | null) => {
    const user = await buildUser(db, role, { churchId });
    return { user, cookie: await sessionCookie(db, user.id) };
  };
  return {
    church,
    otherChurch,
    platformAdmin: await make('platform_admin', null),
    churchAdmin: await make('church_admin', church.id),
    staff: await make('staff', church.id),
    member: await make('member', church.id),
    otherAdmin: await make('church_admin', otherChurch.id),
    otherStaff: await make('staff', otherChurch.id),
    otherMember: await make('member', otherChurch.id),
  };
}
