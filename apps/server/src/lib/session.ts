import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@app/shared';
import type { Db } from '../db/client';
import { serverSessions, users } from '../db/schema';
import { NAME_BY_TEXT } from '../db/named-statements';
import { sha256 } from './crypto';

export const SESSION_COOKIE = 'sid';
const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
// Touch lastSeenAt at most this often: a congregation's page loads must not each cost a write.
const TOUCH_EVERY_MS = 10 * 60_000;

/** The signed-in person as every service sees them. */
export interface Actor {
  id: string;
  role: Role;
  churchId: string | null;
  email: string;
  firstName: string;
  lastName: string;
}

/** Where a session came from, for the list of signed-in devices (decision 023). */
export interface SessionOrigin {
  userAgent?: string;
  ipAddress?: string;
  /** A half session: the password was right, a two-step code is still needed (HALF_SESSION_TTL_MS). */
  twoStepPending?: boolean;
  /** When a two-step code was checked for this sign-in. */
  twoStepAt?: Date;
}

// Long enough to open the authenticator app, short enough that a half session left behind dies.
export const HALF_SESSION_TTL_MS = 10 * 60_000;

export async function createSession(db: Db, userId: string, origin: SessionOrigin = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(serverSessions).values({
    idHash: sha256(token),
    userId,
    userAgent: origin.userAgent?.slice(0, 300),
    ipAddress: origin.ipAddress?.slice(0, 60),
    twoStepPending: origin.twoStepPending ?? false,
    twoStepAt: origin.twoStepAt,
    expiresAt: new Date(Date.now() + (origin.twoStepPending ? HALF_SESSION_TTL_MS : SESSION_TTL_MS)),
  });
  return token;
}

export async function destroySession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(serverSessions).where(eq(serverSessions.idHash, sha256(token)));
}

export async function destroyUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(serverSessions).where(eq(serverSessions.userId, userId));
}

/**
 * The session lookup every signed-in request makes, built once per database (decision 028): the
 * statement's text is the same on every request, only its two values change, so Drizzle need not
 * build it again each time and PostgreSQL keeps it prepared on each connection.
 */
function sessionActorQuery(db: Db) {
  return db
    .select({
      id: users.id,
      role: users.role,
      churchId: users.churchId,
      // Only someone with an account has a session, and with it an email (decision 036).
      email: sql<string>`${users.email}`,
      firstName: users.firstName,
      lastName: users.lastName,
      lastSeenAt: serverSessions.lastSeenAt,
    })
    .from(serverSessions)
    .innerJoin(users, eq(users.id, serverSessions.userId))
    // A disabled account (its deletion approved) is signed out at once, even if a session row survived.
    // A half session (password right, two-step code not yet given; decision 023) signs nobody in.
    .where(and(
      eq(serverSessions.idHash, sql.placeholder('idHash')),
      gt(serverSessions.expiresAt, sql.placeholder('now')),
      eq(serverSessions.twoStepPending, false),
      ne(users.accountStatus, 'disabled'),
    ))
    .limit(1)
    .prepare(NAME_BY_TEXT);
}

const sessionActorQueries = new WeakMap<Db, ReturnType<typeof sessionActorQuery>>();

/** Resolves a cookie value to the actor, or null when absent, unknown or expired. */
export async function actorFromToken(db: Db, token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const idHash = sha256(token);
  let query = sessionActorQueries.get(db);
  if (!query) sessionActorQueries.set(db, (query = sessionActorQuery(db)));
  const [row] = await query.execute({ idHash, now: new Date() });
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(serverSessions).set({ lastSeenAt: new Date() }).where(eq(serverSessions.idHash, idHash));
  }
  const { lastSeenAt: _seen, ...actor } = row;
  return actor;
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(serverSessions).where(lt(serverSessions.expiresAt, new Date()));
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
