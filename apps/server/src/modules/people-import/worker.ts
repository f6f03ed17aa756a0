import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { PrimaryLanguage } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, peopleImportItems, peopleImports, users } from '../../db/schema';
import { writeAudit, type DbOrTx } from '../../lib/audit';
import { newReferralCode } from '../../lib/ids';
import type { NewPerson } from '../users/insert-person';
import { insertNewPeople, markItemsDone, type DoneMark } from './bulk-sql';
import { createInvitation, mailNewAccount } from '../users/invitations';
import { startPrivacySchedule } from '../privacy/schedule';
import { paceOf } from './pace';

// One number for every process sharing the database (decision 017's pattern; decision 036).
const IMPORT_LOCK = 7_120_036;
const MAIL_LOCK = 7_120_037;
/** Invitations handed to the mailer per second: a steady rate an SMTP relay accepts. */
export const INVITES_PER_SECOND = 5;
/**
 * The password hash of a person who has none yet: not an argon2 hash, so no password ever matches
 * it (verifyPassword answers false), and hashing 10,000 random ones would take minutes.
 */
export const NO_PASSWORD = '!imported';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

async function tryLock(tx: DbOrTx, key: number): Promise<boolean> {
  const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`));
  return !!lock?.locked;
}

type Item = typeof peopleImportItems.$inferSelect;
type Import = typeof peopleImports.$inferSelect;

/**
 * Inserts the new people of a batch; a row whose email was registered meanwhile is skipped. Ids are
 * chosen here so each row is known by its id, emails being absent for people without an account.
 */
async function createPeople(tx: Tx, job: Import, items: Item[], now: Date): Promise<Map<number, string | null>> {
  if (items.length === 0) return new Map();
  const rows = items.map((i) => ({ id: randomUUID(), email: i.email, referralCode: newReferralCode(), values: i.values, rowNo: i.rowNo }));
  const inserted = await insertNewPeople(tx, job.churchId, NO_PASSWORD, rows, now, job.invite);
  const result = new Map<number, string | null>();
  for (const row of rows) if (inserted.has(row.id)) result.set(row.rowNo, row.id);
  const missing = items.filter((i) => !result.has(i.rowNo) && i.email);
  if (missing.length > 0) {
    const taken = await tx.select({ email: users.email }).from(users).where(inArray(sql`lower(${users.email})`, missing.map((m) => m.email!)));
    // Taken since the preview: skipped. Otherwise a referral-code clash: left for the next batch.
    const rowOf = new Map(missing.map((m) => [m.email, m.rowNo]));
    for (const t of taken) result.set(rowOf.get(t.email!.toLowerCase())!, null);
  }
  return result;
}

/** Updates people of the batch, keeping each field's previous value for the undo. */
async function updatePeople(tx: Tx, job: Import, items: Item[], now: Date): Promise<Map<number, Record<string, string | null> | null>> {
  const ids = items.map((i) => i.userId!).filter(Boolean);
  const current = ids.length ? await tx.select().from(users).where(inArray(users.id, ids)).for('update') : [];
  const byId = new Map(current.map((u) => [u.id, u]));
  const result = new Map<number, Record<string, string | null> | null>();
  for (const item of items) {
    const person = byId.get(item.userId!);
    // Moved, promoted or deleted since the preview: an import changes members of its church only.
    if (!person || person.churchId !== job.churchId || person.role !== 'member' || person.purgedAt) { result.set(item.rowNo, null); continue; }
    const before = Object.fromEntries(Object.keys(item.values).map((f) => [f, (person as Record<string, unknown>)[f] as string | null]));
    await tx.update(users).set({ ...(item.values as Partial<NewPerson>), updatedAt: now }).where(eq(users.id, person.id));
    result.set(item.rowNo, before);
  }
  return result;
}

/**
 * Writes one batch of the oldest unfinished import, under the advisory lock, in one transaction
 * with the items' done marks: a restart resumes after the last committed batch and writes no row
 * twice. Answers whether work remains.
 */
export async function runImportBatch(ctx: AppContext): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // The embedded database has one process by construction (one may open its folder): no lock to take.
    if (ctx.dbKind === 'postgres' && !(await tryLock(tx, IMPORT_LOCK))) return false;
    const [job] = await tx.select().from(peopleImports).where(inArray(peopleImports.status, ['queued', 'running'])).orderBy(asc(peopleImports.createdAt)).limit(1);
    if (!job) return false;
    const items = await tx.select().from(peopleImportItems)
      .where(and(eq(peopleImportItems.importId, job.id), eq(peopleImportItems.done, false))).orderBy(asc(peopleImportItems.rowNo)).limit(paceOf(ctx).batch);
    const now = new Date();
    if (items.length === 0) {
      await tx.update(peopleImports).set({ status: 'done', finishedAt: now }).where(eq(peopleImports.id, job.id));
      await writeAudit(tx, job.actorId ? { id: job.actorId } : null, {
        action: 'people.imported', targetType: 'people_import', targetId: job.id, churchId: job.churchId,
        details: { created: job.created, updated: job.updated, rows: job.rowCount, invite: job.invite },
      });
      return true;
    }
    const created = await createPeople(tx, job, items.filter((i) => i.kind === 'new'), now);
    const updated = await updatePeople(tx, job, items.filter((i) => i.kind === 'update'), now);
    const marks: DoneMark[] = [];
    for (const item of items) {
      if (item.kind === 'new') {
        if (!created.has(item.rowNo)) continue;
        const userId = created.get(item.rowNo)!;
        marks.push({ rowNo: item.rowNo, userId, before: null, mailed: !userId || !item.email });
      } else {
        marks.push({ rowNo: item.rowNo, userId: item.userId, before: updated.get(item.rowNo) ?? null, mailed: true });
      }
    }
    const counts = { created: marks.filter((m) => m.userId && created.has(m.rowNo)).length, updated: marks.filter((m) => m.before).length };
    await markItemsDone(tx, job.id, marks, counts, now);
    return true;
  });
}

/**
 * Invitations of finished imports, INVITES_PER_SECOND at a time, each link created and the item
 * marked in one transaction before the mail goes out: a restart sends no invitation twice.
 */
export async function sendImportInvitations(ctx: AppContext, limit = INVITES_PER_SECOND): Promise<number> {
  // Imports that invite, looked up first: the join below over every import's items, run each
  // second, held the embedded database for a tenth of a second while a large import had none to send.
  const inviting = (await ctx.db.select({ id: peopleImports.id }).from(peopleImports).where(eq(peopleImports.invite, true))).map((i) => i.id);
  if (inviting.length === 0) return 0;
  const due = await ctx.db.transaction(async (tx) => {
    if (!(await tryLock(tx, MAIL_LOCK))) return [];
    const rows = await tx.select({ importId: peopleImportItems.importId, rowNo: peopleImportItems.rowNo, userId: users.id, email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage, churchName: churches.name })
      .from(peopleImportItems)
      .innerJoin(users, eq(users.id, peopleImportItems.userId))
      .leftJoin(churches, eq(churches.id, users.churchId))
      .where(and(inArray(peopleImportItems.importId, inviting), eq(peopleImportItems.done, true), eq(peopleImportItems.mailed, false), eq(peopleImportItems.kind, 'new'), eq(users.accountStatus, 'invited'), isNotNull(users.email)))
      .limit(limit);
    const out: Array<(typeof rows)[number] & { token: string }> = [];
    for (const r of rows) {
      const token = await createInvitation(tx, r.userId);
      await tx.update(peopleImportItems).set({ mailed: true }).where(and(eq(peopleImportItems.importId, r.importId), eq(peopleImportItems.rowNo, r.rowNo)));
      out.push({ ...r, token });
    }
    return out;
  });
  for (const m of due) {
    await mailNewAccount(ctx, { email: m.email!, firstName: m.firstName, primaryLanguage: m.primaryLanguage as PrimaryLanguage | null, churchName: m.churchName ?? '' }, m.token);
  }
  return due.length;
}

const draining = new WeakMap<AppContext, Promise<void>>();

/** Writes batches until none is left, pausing between them so live captions go first (pace.ts). */
export function kickImportWorker(ctx: AppContext): Promise<void> {
  const running = draining.get(ctx);
  if (running) return running;
  const run = (async () => {
    try {
      const { pause } = paceOf(ctx);
      while (await runImportBatch(ctx)) await pause();
    } catch (err) {
      ctx.log.error({ err }, 'people import batch failed; retried at the next tick');
    } finally {
      draining.delete(ctx);
    }
  })();
  draining.set(ctx, run);
  return run;
}

/** How long an uploaded file that was never confirmed is kept: its people's details go with it. */
export const PREVIEW_KEEP_MS = 24 * 60 * 60_000;

/**
 * Uploads left at the preview for a day are deleted, their table of people with them; so is one
 * whose confirm a crash cut off while it was `preparing` (service.ts), with the items it had written.
 */
export async function forgetStalePreviews(ctx: AppContext, now = new Date()): Promise<void> {
  await ctx.db.delete(peopleImports)
    .where(and(inArray(peopleImports.status, ['preview', 'preparing']), lt(peopleImports.createdAt, new Date(now.getTime() - PREVIEW_KEEP_MS))));
}

/**
 * The import job inside the server process, on the schedules' pattern (decision 017): resumes
 * unfinished imports at start (a restart mid-import), then checks every second for work, for
 * invitations to send and for previews to forget.
 */
export const startImportWorker = (ctx: AppContext, everyMs = 1000) =>
  startPrivacySchedule(ctx, (c) => Promise.all([kickImportWorker(c), sendImportInvitations(c), forgetStalePreviews(c)]), everyMs, null, 'people import');
