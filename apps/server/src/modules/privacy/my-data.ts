import { asc, eq, or, and } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { auditLog, churches, feedback, followUps, knownDevices, salvations, listenerSessions, sermons, staffDetails, twoStepSettings, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../providers/storage/image-store';
import { requestsOf, toDeletionRequest } from '../deletion-requests/request-source';
import { myMessages } from '../messages/privacy';
import { listSessions } from '../sessions/service';
import { decryptPayroll } from '../staff/payroll';

/**
 * Everything held about the signed-in person (Australian Privacy Principle 12),
 * read in one request. Their own staff record is shown unmasked: it is theirs. The password hash and
 * the search column are not data about them, only machinery.
 */
export async function exportMyData(ctx: AppContext, userId: string) {
  const db = ctx.db;
  const [row] = await db.select({ user: users, churchName: churches.name }).from(users).leftJoin(churches, eq(churches.id, users.churchId)).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
  const { passwordHash: _hash, searchText: _search, photoPath, ...profile } = row.user;

  const [staff] = await db.select().from(staffDetails).where(eq(staffDetails.userId, userId)).limit(1);
  const staffRecord = staff
    ? (() => {
        const { salaryEnc: _s, bankDetailsEnc: _b, tfnAbnEnc: _t, workVisaStatusEnc: _w, emergencyContactEnc: _e, ...plain } = staff;
        return { ...plain, ...decryptPayroll(ctx.secrets, staff) };
      })()
    : null;

  const [sermonsListened, myFeedback, requests, auditEntries, decisions, messagesWritten, sessions, devices, twoStep] = await Promise.all([
    db.select({
      sermonId: listenerSessions.sermonId,
      church: churches.name,
      sermonStartedAt: sermons.startedAt,
      language: listenerSessions.language,
      startedAt: listenerSessions.startedAt,
      endedAt: listenerSessions.endedAt,
      durationSeconds: listenerSessions.durationSeconds,
    }).from(listenerSessions)
      .innerJoin(sermons, eq(sermons.id, listenerSessions.sermonId))
      .leftJoin(churches, eq(churches.id, sermons.churchId))
      .where(eq(listenerSessions.userId, userId))
      .orderBy(asc(listenerSessions.startedAt)),
    db.select({
      id: feedback.id, type: feedback.type, audioQuality: feedback.audioQuality, comment: feedback.comment,
      sermonId: feedback.sermonId, language: feedback.language, createdAt: feedback.createdAt,
    }).from(feedback).where(eq(feedback.userId, userId)).orderBy(asc(feedback.createdAt)),
    requestsOf(db, userId),
    db.select({ at: auditLog.at, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(or(eq(auditLog.actorId, userId), and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))))
      .orderBy(asc(auditLog.at)),
    // "I accept Jesus" decisions (decision 014) and where the church's follow-up of each stands.
    db.select({
      decidedAt: salvations.createdAt, sermonId: salvations.sermonId, language: salvations.language, consentedAt: salvations.consentedAt,
      followUpStatus: followUps.status, followUpNotes: followUps.notes, followUpUpdatedAt: followUps.updatedAt,
    }).from(salvations)
      .leftJoin(followUps, eq(followUps.salvationId, salvations.id))
      .where(eq(salvations.userId, userId))
      .orderBy(asc(salvations.createdAt)),
    myMessages(db, userId),
    // Decision 023: where the person is signed in, the browsers they used, whether two-step is on (never the secret).
    listSessions(db, userId, undefined),
    db.select({ userAgent: knownDevices.userAgent, firstSeenAt: knownDevices.createdAt, lastSeenAt: knownDevices.lastSeenAt, rememberedUntil: knownDevices.trustedUntil })
      .from(knownDevices).where(eq(knownDevices.userId, userId)).orderBy(asc(knownDevices.createdAt)),
    db.select({ enabledAt: twoStepSettings.enabledAt }).from(twoStepSettings).where(eq(twoStepSettings.userId, userId)),
  ]);

  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, churchName: row.churchName, photoUrl: photoPath ? fileUrl(photoPath) : null },
    staffRecord,
    sermonsListened,
    feedback: myFeedback,
    deletionRequests: requests.map(toDeletionRequest),
    salvation: { acceptedJesus: profile.acceptedJesus, acceptedJesusAt: profile.acceptedJesusAt, decisions },
    auditEntries: auditEntries.map((e) => ({ ...e, byYou: e.actorId === userId })),
    messages: messagesWritten,
    signIn: {
      twoStepEnabledAt: twoStep[0]?.enabledAt ?? null,
      sessions: sessions.map(({ current: _current, ...session }) => session),
      browsers: devices,
    },
  };
}
