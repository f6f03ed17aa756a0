import { inArray } from 'drizzle-orm';
import { BACKUP_MAX_AGE_DAYS, backupErrorKind, type BackupEntry, type BackupList, type BackupStatus } from '@app/shared';
import { users } from '../../db/schema';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { checkCode, twoStepEnabled, wrongCode } from '../two-step/service';
import { backupsOf } from './backups-of';
import { isCatchUp } from './schedule';
import { failAbandonedRuns, lastRuns, recentRuns, type BackupRun } from './runs';

const DAY_MS = 24 * 60 * 60_000;
/** A download link works this long after the code was given. */
const DOWNLOAD_LINK_MS = 60_000;

/** A scheduled run taken late, when the server started, is named for that (not "daily schedule"). */
const catchUpOf = (run: BackupRun | undefined, setting: string) =>
  !!run?.scheduledFor && isCatchUp(run.scheduledFor, run.startedAt, setting);

function runEntry(run: BackupRun, names: Map<string, string>, setting: string): BackupEntry {
  return {
    id: run.id,
    state: run.state,
    at: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    sizeBytes: null,
    place: run.place === 'bucket' ? 'bucket' : 'folder',
    location: null,
    trigger: run.trigger,
    catchUp: catchUpOf(run, setting),
    progress: run.progress,
    error: run.error,
    errorKind: backupErrorKind(run.error),
    startedBy: run.startedById ? names.get(run.startedById) ?? null : null,
  };
}

/** The names of the people who pressed "Back up now" for these runs. */
async function startersOf(ctx: AppContext, runs: BackupRun[]): Promise<Map<string, string>> {
  const ids = [...new Set(runs.map((r) => r.startedById).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/**
 * GET /backups: the good backups are the files in the place (what a restore can use, whatever made
 * them); runs in progress or failed come from their rows. A file being made is never listed: it has
 * a temporary name until it is whole (decision 032).
 */
export async function listBackups(ctx: AppContext): Promise<BackupList> {
  const { place } = await backupsOf(ctx);
  await failAbandonedRuns(ctx.db);
  const [files, runs] = await Promise.all([place.list(), recentRuns(ctx.db, new Date(Date.now() - BACKUP_MAX_AGE_DAYS * DAY_MS))]);
  const runOfFile = new Map(runs.filter((r) => r.fileName).map((r) => [r.fileName!, r]));
  const names = await startersOf(ctx, runs);
  const items: BackupEntry[] = [
    ...files.map((file): BackupEntry => {
      const run = runOfFile.get(file.name);
      return {
        id: file.name,
        state: 'good',
        at: file.at.toISOString(),
        finishedAt: run?.finishedAt?.toISOString() ?? null,
        sizeBytes: file.size,
        place: place.kind,
        location: place.locationOf(file.name),
        trigger: run?.trigger ?? null,
        catchUp: catchUpOf(run, ctx.config.BACKUP_TIME),
        progress: 100,
        error: null,
        errorKind: null,
        startedBy: run?.startedById ? names.get(run.startedById) ?? null : null,
      };
    }),
    ...runs.filter((r) => r.state !== 'good').map((r) => runEntry(r, names, ctx.config.BACKUP_TIME)),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return { items, schedule: { time: ctx.config.BACKUP_TIME, keep: ctx.config.BACKUP_KEEP, place: place.kind, location: place.location } };
}

/** What the platform dashboard warns about: the newest finished run failed (none good since). */
export async function backupStatusOf(ctx: AppContext): Promise<BackupStatus> {
  await failAbandonedRuns(ctx.db);
  const { lastFinished, lastGood } = await lastRuns(ctx.db);
  return {
    lastGoodAt: lastGood?.finishedAt?.toISOString() ?? null,
    failed: lastFinished?.state === 'failed' ? { at: lastFinished.startedAt.toISOString(), error: lastFinished.error } : null,
  };
}

/**
 * The last good backup's time and whether the newest finished run succeeded, for monitoring (the
 * metrics endpoint): null before any run. Read from the runs' rows, so every process answers alike.
 */
export async function backupHealth(ctx: AppContext): Promise<{ lastGoodAt: Date | null; lastRunSucceeded: boolean | null }> {
  const { lastFinished, lastGood } = await lastRuns(ctx.db);
  return { lastGoodAt: lastGood?.finishedAt ?? null, lastRunSucceeded: lastFinished ? lastFinished.state === 'good' : null };
}

/**
 * A backup holds every church's people and pay records at once, so downloading one always asks
 * for a code from the administrator's authenticator app, given for this download (decision 032):
 * stricter than revealing one pay record (decision 023), which accepts a code from the last
 * minutes and, where ADMIN_TWO_STEP is optional, none at all.
 */
async function assertDownloadCode(ctx: AppContext, actor: Actor, code: string | undefined): Promise<void> {
  if (!(await twoStepEnabled(ctx.db, actor.id))) {
    throw new AppError('two_step_required', 403, 'Set up two-step sign-in on your profile to download backups');
  }
  if (!code) throw new AppError('two_step_code_needed', 403, 'Enter a code from your authenticator app to download this backup');
  if (!(await checkCode(ctx, actor.id, code))) throw wrongCode();
}

/** POST /backups/:name/download: after a fresh code, a link for this person, valid for a minute. */
export async function downloadLink(ctx: AppContext, actor: Actor, name: string, code: string | undefined): Promise<{ url: string }> {
  const { place } = await backupsOf(ctx);
  const source = await place.source(name);
  if (!source) throw notFound('Backup');
  await source.close();
  await assertDownloadCode(ctx, actor, code);
  const token = ctx.secrets.encrypt(JSON.stringify({ name, userId: actor.id, until: Date.now() + DOWNLOAD_LINK_MS }));
  return { url: `/api/v1/backups/download?token=${encodeURIComponent(token)}` };
}

/** The backup a download link names, if the link is this person's and still valid. */
export function backupOfLink(ctx: AppContext, actor: Actor, token: string): string {
  let link: { name?: unknown; userId?: unknown; until?: unknown };
  try {
    link = JSON.parse(ctx.secrets.decrypt(token)) as typeof link;
  } catch {
    throw new AppError('forbidden', 403, 'This download link is not valid');
  }
  if (link.userId !== actor.id || typeof link.name !== 'string') throw new AppError('forbidden', 403, 'This download link is not valid');
  if (typeof link.until !== 'number' || link.until < Date.now()) throw new AppError('forbidden', 403, 'This download link has expired: ask for a new one');
  return link.name;
}
