import { and, eq, inArray, sql } from 'drizzle-orm';
import { findKnownLanguage } from '@app/shared';
import type { DbOrTx } from '../../lib/audit';
import { staffDetails, users } from '../../db/schema';
import { accountEmail } from '../../lib/sign-in-email';

export interface Assignee {
  id: string;
  email: string;
  firstName: string;
  primaryLanguage: (typeof users.$inferSelect)['primaryLanguage'];
}

/** Whether a free-text "languages spoken" (e.g. "Português, English") includes `language` (a code). */
export function speaks(languagesSpoken: string | null, language: string): boolean {
  if (!languagesSpoken) return false;
  const known = findKnownLanguage(language);
  const names = [language, known?.englishName, known?.nativeName, known?.nativeName.split(' ')[0]]
    .filter((n): n is string => !!n)
    .map((n) => n.toLowerCase());
  const base = language.toLowerCase().split('-')[0]!;
  return languagesSpoken
    .toLowerCase()
    .split(/[,;/|]+/)
    .map((w) => w.trim())
    .some((w) => names.includes(w) || w === base || names.some((n) => w.startsWith(n)));
}

/**
 * Who follows up a decision (decision 014): an active staff member of the church who speaks the
 * person's language, else every active staff member in turn (round robin: the one assigned least
 * recently); with no staff, the church's administrators the same way; else nobody.
 */
export async function chooseAssignee(tx: DbOrTx, churchId: string, language: string): Promise<Assignee | null> {
  for (const roles of [['staff'], ['church_admin']] as const) {
    const candidates = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        primaryLanguage: users.primaryLanguage,
        languagesSpoken: staffDetails.languagesSpoken,
        lastAssignedAt: sql<string | null>`(select max(f.created_at) from follow_ups f where f.assigned_to_id = ${users.id})`,
      })
      .from(users)
      .leftJoin(staffDetails, eq(staffDetails.userId, users.id))
      .where(and(eq(users.churchId, churchId), inArray(users.role, [...roles]), eq(users.accountStatus, 'active')))
      .orderBy(users.createdAt, users.id);
    if (candidates.length === 0) continue;
    const speakers = candidates.filter((c) => speaks(c.languagesSpoken, language));
    const pool = speakers.length > 0 ? speakers : candidates;
    // Never assigned first, then the longest since their last assignment.
    const next = [...pool].sort((a, b) => (a.lastAssignedAt === null ? -1 : b.lastAssignedAt === null ? 1 : new Date(a.lastAssignedAt).getTime() - new Date(b.lastAssignedAt).getTime()))[0]!;
    return { id: next.id, email: accountEmail(next.email), firstName: next.firstName, primaryLanguage: next.primaryLanguage };
  }
  return null;
}
