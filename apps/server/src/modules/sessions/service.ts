import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { SignedInDevice } from '@app/shared';
import type { Db } from '../../db/client';
import { serverSessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { describeUserAgent } from './user-agent';

const live = (userId: string) =>
  and(eq(serverSessions.userId, userId), gt(serverSessions.expiresAt, new Date()), eq(serverSessions.twoStepPending, false));

/** GET /me/sessions: the person's signed-in browsers, most recently active first. */
export async function listSessions(db: Db, userId: string, currentToken: string | undefined): Promise<SignedInDevice[]> {
  const current = currentToken ? sha256(currentToken) : '';
  const rows = await db.select().from(serverSessions).where(live(userId)).orderBy(desc(serverSessions.lastSeenAt));
  return rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    ipAddress: r.ipAddress,
    signedInAt: r.createdAt.toISOString(),
    lastActiveAt: r.lastSeenAt.toISOString(),
    current: r.idHash === current,
  }));
}

/** DELETE /me/sessions/{id}: that browser is signed out at its next request. Another person's id answers 404. */
export async function revokeSession(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db.delete(serverSessions).where(and(eq(serverSessions.userId, userId), eq(serverSessions.id, id))).returning({ id: serverSessions.id });
  if (gone.length === 0) throw notFound('Session');
}

/** DELETE /me/sessions?others=true: every browser but this one is signed out. */
export async function revokeOtherSessions(db: Db, userId: string, currentToken: string | undefined): Promise<number> {
  const others = currentToken ? and(eq(serverSessions.userId, userId), ne(serverSessions.idHash, sha256(currentToken))) : eq(serverSessions.userId, userId);
  const gone = await db.delete(serverSessions).where(others).returning({ id: serverSessions.id });
  return gone.length;
}
