import { and, eq, inArray, sql } from 'drizzle-orm';
import { findKnownLanguage, type salvationBody, type SalvationResponse } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { churches, followUps, salvations, sermons, users } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { writeAudit, type DbOrTx } from '../../lib/audit';
import { AppError, badRequest, notFound, unauthenticated } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { mailLanguageOf } from '../../providers/email/localized';
import { publicUrlOf } from '../users/invitations';
import { chooseAssignee, type Assignee } from './assign';
import { followUpAssignedMail } from './mail';

type Body = z.output<typeof salvationBody>;

/** The sermon a decision belongs to, if the person may be listening to it; else 404 / 401. */
async function sermonFor(ctx: AppContext, actor: Actor | null, sermonId: string) {
  const [row] = await ctx.db
    .select({ id: sermons.id, churchId: sermons.churchId, status: sermons.status, guestsMayListen: churches.guestsMayListen })
    .from(sermons)
    .innerJoin(churches, eq(churches.id, sermons.churchId))
    .where(eq(sermons.id, sermonId))
    .limit(1);
  if (!row) throw notFound('Sermon');
  if (actor && canReachChurch(actor, 'church:read', row.churchId)) return row;
  // A guest (or someone of another church) decides during a live sermon they may listen to.
  if (!row.guestsMayListen) {
    if (!actor) throw unauthenticated();
    throw notFound('Sermon');
  }
  if (row.status === 'ended') throw new AppError('conflict', 409, 'This sermon has ended');
  return row;
}

/**
 * POST /salvations (decision 014): records a decision for Jesus given with consent, sets the
 * person's "accepted Jesus and when", and opens a follow-up assigned to a staff member who speaks
 * their language, who is emailed in their own language. Nothing is stored without consent (the
 * schema refuses the request before this runs). Asking again returns the decision already kept.
 */
export async function recordSalvation(ctx: AppContext, actor: Actor | null, body: Body, now = new Date()): Promise<SalvationResponse> {
  if (!findKnownLanguage(body.language) && !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(body.language)) {
    throw badRequest('Some fields are not valid', [{ field: 'language', message: 'Please choose one of the options', key: 'validation.invalidChoice' }]);
  }
  if (!body.sermonId && !actor) throw badRequest('Some fields are not valid', [{ field: 'sermonId', message: 'This field is required', key: 'validation.required' }]);
  const sermon = body.sermonId ? await sermonFor(ctx, actor, body.sermonId) : null;
  const churchId = sermon?.churchId ?? actor?.churchId;
  if (!churchId) throw new AppError('forbidden', 403, 'You are not assigned to a church');

  if (actor) {
    const [kept] = await ctx.db.select({ id: salvations.id, language: salvations.language, at: salvations.createdAt }).from(salvations)
      .where(and(eq(salvations.userId, actor.id), eq(salvations.churchId, churchId))).limit(1);
    if (kept) return { id: kept.id, language: kept.language, acceptedJesusAt: kept.at.toISOString() };
  }

  let assignee: Assignee | null = null;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(salvations).values({
      churchId,
      sermonId: sermon?.id ?? null,
      userId: actor?.id ?? null,
      language: body.language,
      // A signed-in person is known by their account; a guest may leave a name and a way to reach them.
      firstName: actor ? null : body.firstName ?? null,
      contact: actor ? null : body.contact ?? null,
      consentedAt: now,
      createdAt: now,
    }).returning({ id: salvations.id });
    if (actor) {
      await tx.update(users).set({ acceptedJesus: true, acceptedJesusAt: sql`coalesce(${users.acceptedJesusAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now }).where(eq(users.id, actor.id));
    }
    assignee = await chooseAssignee(tx, churchId, body.language);
    await tx.insert(followUps).values({ salvationId: row!.id, churchId, assignedToId: assignee?.id ?? null, createdAt: now, updatedAt: now });
    // No name in the audit log: religious belief is sensitive information.
    await writeAudit(tx, actor, { action: 'salvation.recorded', targetType: 'salvation', targetId: row!.id, churchId, details: { guest: !actor, language: body.language } });
    return row!.id;
  });
  await mailAssignee(ctx, assignee, churchId, actor ? `${actor.firstName} ${actor.lastName}`.trim() : body.firstName ?? null, body.language);
  return { id, language: body.language, acceptedJesusAt: now.toISOString() };
}

async function mailAssignee(ctx: AppContext, assignee: Assignee | null, churchId: string, personName: string | null, language: string) {
  if (!assignee) return;
  const [church] = await ctx.db.select({ name: churches.name }).from(churches).where(eq(churches.id, churchId)).limit(1);
  const lang = mailLanguageOf(assignee.primaryLanguage);
  const { subject, text } = followUpAssignedMail[lang]({
    firstName: assignee.firstName,
    churchName: church?.name ?? '',
    personName,
    language: findKnownLanguage(language)?.nativeName ?? language,
    url: `${publicUrlOf(ctx)}/follow-ups`,
  });
  try {
    await ctx.mailer.send({ to: assignee.email, subject, text });
  } catch (err) {
    // The decision is kept and the follow-up shows on the list; a mail outage must not lose it.
    ctx.log.error({ err }, 'follow-up mail failed');
  }
}

/** DELETE /salvations/mine: a person withdraws their decision; it is removed, not kept anonymously. */
export async function withdrawSalvation(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(salvations).where(eq(salvations.userId, actor.id)).returning({ id: salvations.id, churchId: salvations.churchId });
    await tx.update(users).set({ acceptedJesus: false, acceptedJesusAt: null, updatedAt: new Date() }).where(eq(users.id, actor.id));
    await writeAudit(tx, actor, { action: 'salvation.withdrawn', targetType: 'user', targetId: actor.id, churchId: removed[0]?.churchId ?? actor.churchId, details: { decisions: removed.length } });
  });
}

/** GET /sermons/:id/decisions: how many decided in this sermon, never who (speaker screen). */
export async function decisionCount(ctx: AppContext, actor: Actor, sermonId: string) {
  const [sermon] = await ctx.db.select({ churchId: sermons.churchId }).from(sermons).where(eq(sermons.id, sermonId)).limit(1);
  if (!sermon || !canReachChurch(actor, 'sermons:go-live', sermon.churchId)) throw notFound('Sermon');
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(salvations).where(eq(salvations.sermonId, sermonId));
  return { sermonId, decisions: Number(row?.n ?? 0) };
}

/**
 * For the account-deletion purge (decision 016) and data export: removes the person's identity, contact
 * details and follow-up notes from the salvation tables, keeping each decision as an anonymous count.
 */
export async function forgetPersonSalvations(tx: DbOrTx, userId: string): Promise<void> {
  const theirs = tx.select({ id: salvations.id }).from(salvations).where(eq(salvations.userId, userId));
  await tx.update(followUps).set({ notes: '', updatedAt: new Date() }).where(inArray(followUps.salvationId, theirs));
  await tx.update(salvations).set({ userId: null, firstName: null, contact: null }).where(eq(salvations.userId, userId));
}
