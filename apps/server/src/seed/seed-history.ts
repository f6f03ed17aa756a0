import { eq } from 'drizzle-orm';
import { instantOf, wallClockOf } from '@app/shared';
import type { DbOrTx } from '../lib/audit';
import { newBroadcastId, newReferralCode } from '../lib/ids';
import { feedbackKinds, historyLines, newcomerNames } from './seed-history-content';
import type { DemoWords } from './seed-words';
import {
  deletionRequests, feedback, followUps, listenerSessions, salvations, scheduledSermons, segmentTranslations, sermons, transcriptSegments, users,
} from '../db/schema';

type User = typeof users.$inferSelect;
type Church = { id: string; timeZone: string };

const MINUTE = 60_000;
const DAY = 86_400_000;
const SERMON_MINUTES = 48;
// Listening languages of the congregation and how many of its listeners choose each.
const LANGUAGE_MIX = ['pt', 'pt', 'pt', 'es', 'es', 'zh-Hans', 'zh-Hans', 'id', 'en', 'en'];
const TRANSLATED = ['pt', 'es', 'zh-Hans'] as const;
const FOLLOW_UP_CYCLE = ['new', 'contacted', 'connected', 'closed'] as const;

/** A repeatable sequence (the demo looks the same on every fresh start). */
function sequence(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}

/** 10:00 on the `weeksAgo`-th last Sunday in the church's time zone whose service has ended by `now`. */
export function sundayAt(now: Date, timeZone: string, weeksAgo: number): Date {
  const w = wallClockOf(now, timeZone);
  const today = new Date(Date.UTC(w.year, w.month - 1, w.day));
  let back = today.getUTCDay();
  const thisSunday = instantOf({ year: w.year, month: w.month, day: w.day - back, hour: 10, minute: 0 }, timeZone);
  if (back === 0 && thisSunday.getTime() + SERMON_MINUTES * MINUTE > now.getTime()) back = 7;
  const d = new Date(today.getTime() - (back + 7 * weeksAgo) * DAY);
  return instantOf({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 10, minute: 0 }, timeZone);
}

/**
 * A month of the first demo church's life (docs/decisions/019): the last four Sundays' sermons with
 * transcripts in four languages and 20–60 listeners each, decisions for Jesus with follow-ups in
 * every status, feedback of every type, new members across the month, a pending and a rejected
 * deletion request, and next Sunday's service. Batched inserts in the caller's transaction.
 */
export async function seedHistory(tx: DbOrTx, o: { church: Church; host: User; admin: User; members: User[]; passwordHash: string; words: DemoWords; now?: Date }) {
  const now = o.now ?? new Date();
  const { church, host, words } = o;
  const pick = sequence(7);

  const newcomers = await tx.insert(users).values(newcomerNames.map(([firstName, lastName, primaryLanguage], i) => ({
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    passwordHash: o.passwordHash, phone: '0400000000', termsAcceptedAt: now, firstName, lastName, primaryLanguage,
    role: 'member' as const, churchId: church.id, suburb: 'Parramatta', referralCode: newReferralCode(),
    referralSource: (['friend_family', 'church_event', 'social_media'] as const)[i % 3],
    // Spread over the month; the newest joined minutes ago, so "this month" is never empty.
    createdAt: new Date(now.getTime() - (i === 0 ? 5 * MINUTE : i * 3.5 * DAY)),
  }))).returning();
  const people = [...o.members, ...newcomers];

  const starts = [3, 2, 1, 0].map((weeksAgo) => sundayAt(now, church.timeZone, weeksAgo));
  // Early in a month no Sunday of it has passed yet: a prayer meeting earlier today keeps "this month" honest.
  const w = wallClockOf(now, church.timeZone);
  const monthStart = instantOf({ year: w.year, month: w.month, day: 1, hour: 0, minute: 0 }, church.timeZone);
  if (starts[3]!.getTime() < monthStart.getTime()) starts.push(new Date(Math.max(monthStart.getTime(), now.getTime() - (SERMON_MINUTES + 2) * MINUTE)));

  const services = await tx.insert(scheduledSermons).values(starts.map((startsAt, i) => ({
    churchId: church.id, title: words.sermonTitles[i % words.sermonTitles.length]!, startsAt, sourceLanguage: 'en', speakerId: host.id, createdById: host.id,
    createdAt: new Date(startsAt.getTime() - 6 * DAY),
  }))).returning({ id: scheduledSermons.id });
  await tx.insert(scheduledSermons).values({
    churchId: church.id, title: words.sundayWorship, startsAt: sundayAt(new Date(now.getTime() + 7 * DAY), church.timeZone, 0),
    sourceLanguage: 'en', speakerId: host.id, createdById: host.id,
  });

  const sessionRows: Array<typeof listenerSessions.$inferInsert> = [];
  const segmentRows: Array<typeof transcriptSegments.$inferInsert> = [];
  const sermonRows = starts.map((startedAt, i) => {
    const endedAt = new Date(Math.min(startedAt.getTime() + SERMON_MINUTES * MINUTE, now.getTime() - MINUTE));
    const durationSeconds = Math.round((endedAt.getTime() - startedAt.getTime()) / 1000);
    const listeners = 20 + pick(41);
    for (let n = 0; n < listeners; n++) {
      const person = n < people.length && pick(3) > 0 ? people[n]! : null;
      const minutes = 15 + pick(Math.max(1, Math.floor(durationSeconds / 60) - 14));
      sessionRows.push({
        sermonId: '', userId: person?.id ?? null, language: LANGUAGE_MIX[pick(LANGUAGE_MIX.length)]!, startedAt,
        endedAt: new Date(startedAt.getTime() + minutes * MINUTE), durationSeconds: minutes * 60, status: 'inactive',
      });
    }
    return {
      broadcastId: newBroadcastId(), churchId: church.id, hostId: host.id, sourceLanguage: 'en', status: 'ended' as const,
      startedAt, endedAt, durationSeconds, chargedSeconds: durationSeconds, endReason: 'stopped', listenersJoined: listeners,
      lastHeartbeatAt: endedAt, scheduledSermonId: services[i]!.id, createdAt: startedAt,
    };
  });
  const made = await tx.insert(sermons).values(sermonRows).returning({ id: sermons.id, startedAt: sermons.startedAt, listenersJoined: sermons.listenersJoined });
  let s = 0;
  for (const sermon of made) {
    for (let n = 0; n < sermon.listenersJoined; n++) sessionRows[s++]!.sermonId = sermon.id;
    historyLines.forEach((line, seq) => segmentRows.push({
      sermonId: sermon.id, seq: seq + 1, sourceLanguage: 'en', text: line.en, clientId: null, createdAt: new Date(sermon.startedAt.getTime() + (seq + 1) * 4 * MINUTE),
    }));
  }
  await tx.insert(listenerSessions).values(sessionRows);
  const segments = await tx.insert(transcriptSegments).values(segmentRows).returning({ id: transcriptSegments.id, seq: transcriptSegments.seq });
  await tx.insert(segmentTranslations).values(segments.flatMap((seg) => TRANSLATED.map((language) => ({
    segmentId: seg.id, language, text: historyLines[seg.seq - 1]![language], provider: 'demo',
  }))));

  // Two decisions per sermon, their follow-ups cycling through every status.
  const decisions = made.flatMap((sermon, i) => [0, 1].map((k) => {
    const member = k === 0 ? newcomers[(i * 2) % newcomers.length]! : null;
    return {
      churchId: church.id, sermonId: sermon.id, userId: member?.id ?? null, language: (['pt', 'es', 'zh-Hans', 'id'] as const)[(i + k) % 4]!,
      firstName: member ? null : (['Rafael', 'Camila', 'Ming', 'Dewi', 'Joseph'] as const)[i % 5]!, contact: member ? null : `04${String(12_345_678 + i * 7919).slice(0, 8)}`,
      consentedAt: new Date(sermon.startedAt.getTime() + (40 + k) * MINUTE), createdAt: new Date(sermon.startedAt.getTime() + (40 + k) * MINUTE),
    };
  }));
  const saved = await tx.insert(salvations).values(decisions).returning({ id: salvations.id, userId: salvations.userId, createdAt: salvations.createdAt });
  await tx.insert(followUps).values(saved.map((d, i) => ({
    salvationId: d.id, churchId: church.id, assignedToId: host.id, status: FOLLOW_UP_CYCLE[i % FOLLOW_UP_CYCLE.length]!,
    notes: i % 4 === 0 ? '' : words.followUpNote, createdAt: d.createdAt, updatedAt: d.createdAt,
  })));
  for (const d of saved.filter((x) => x.userId)) {
    await tx.update(users).set({ acceptedJesus: true, acceptedJesusAt: d.createdAt }).where(eq(users.id, d.userId!));
  }

  await tx.insert(feedback).values(feedbackKinds.map((f, i) => ({
    userId: people[i]!.id, churchId: church.id, type: f.type, audioQuality: f.audioQuality, comment: words.feedback[i]!,
    sermonId: made[i % made.length]!.id, language: LANGUAGE_MIX[i * 2]!, createdAt: new Date(made[i % made.length]!.startedAt.getTime() + 55 * MINUTE),
  })));

  await tx.insert(deletionRequests).values([
    { userId: newcomers[6]!.id, churchId: church.id, reason: 'too_many_notifications', details: words.tooManyEmails, status: 'pending', requestedAt: new Date(now.getTime() - 2 * DAY) },
    {
      userId: newcomers[7]!.id, churchId: church.id, reason: 'other', details: words.deleteMyAccount, status: 'rejected', requestedAt: new Date(now.getTime() - 12 * DAY),
      reviewedAt: new Date(now.getTime() - 11 * DAY), reviewedById: o.admin.id, rejectionReason: words.askedByMistake,
    },
  ]);
}
