import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import { backupRuns } from '../../db/schema';
import { outboxFor } from '../auth/test-outbox';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backupNameAt, folderPlace } from './place';
import { applyRetention } from './retention';
import { dueDay, isCatchUp, runBackupSchedule } from './schedule';

describe('the daily backup time', () => {
  it('is the latest 02:00 in Sydney at or before now', () => {
    // 01:59 on 11 March in Sydney (daylight saving, UTC+11) is still the 10th's backup; 02:00 is the 11th's.
    expect(dueDay(new Date('2026-03-10T14:59:00Z'), '02:00 Australia/Sydney')).toEqual({ day: '2026-03-10', at: new Date('2026-03-09T15:00:00Z') });
    expect(dueDay(new Date('2026-03-10T15:00:00Z'), '02:00 Australia/Sydney')).toEqual({ day: '2026-03-11', at: new Date('2026-03-10T15:00:00Z') });
  });

  it('runs at 03:00 on the night daylight saving skips 02:00, once on the night it repeats', () => {
    // 4 October 2026: Sydney's clocks go from 02:00 to 03:00 (16:00 UTC the day before).
    expect(dueDay(new Date('2026-10-03T15:59:00Z'), '02:00 Australia/Sydney').day).toBe('2026-10-03');
    expect(dueDay(new Date('2026-10-03T16:00:00Z'), '02:00 Australia/Sydney')).toEqual({ day: '2026-10-04', at: new Date('2026-10-03T16:00:00Z') });
    // 5 April 2026: 03:00 becomes 02:00 again; the first 02:00 (15:00 UTC, still daylight saving) counts.
    expect(dueDay(new Date('2026-04-04T15:00:00Z'), '02:00 Australia/Sydney')).toEqual({ day: '2026-04-05', at: new Date('2026-04-04T15:00:00Z') });
  });

  it('names a scheduled backup taken when the server started after the daily time a catch-up, not the schedule', () => {
    const setting = '02:00 Australia/Sydney';
    // At 02:00 on the 11th (15:00 UTC on the 10th) and the first minutes after: the schedule's own.
    expect(isCatchUp('2026-03-11', new Date('2026-03-10T15:00:30Z'), setting)).toBe(false);
    expect(isCatchUp('2026-03-11', new Date('2026-03-10T15:04:00Z'), setting)).toBe(false);
    // A first start at 14:00 in Sydney backs up the day at once: that is the start, not 02:00.
    expect(isCatchUp('2026-03-11', new Date('2026-03-11T03:00:00Z'), setting)).toBe(true);
    // The night daylight saving skips 02:00, the 03:00 run is still on time.
    expect(isCatchUp('2026-10-04', new Date('2026-10-03T16:00:20Z'), setting)).toBe(false);
  });

  it('follows another time zone when BACKUP_TIME names one', () => {
    expect(dueDay(new Date('2026-06-01T19:30:00Z'), '03:30 Australia/Perth')).toEqual({ day: '2026-06-02', at: new Date('2026-06-01T19:30:00Z') });
  });
});

describe('retention', () => {
  it('keeps the newest BACKUP_KEEP backups and none older than 30 days, and the privacy notes as long as a backup could be older', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'retention-'));
    const now = new Date('2026-06-30T16:00:00Z');
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const names = [0, 1, 2, 3, 29, 31, 40].map((n) => backupNameAt(day(n)));
    for (const name of names) await writeFile(path.join(dir, name), 'x');
    const place = folderPlace(dir);
    await place.ledger.put(`${day(10).toISOString().slice(0, 19).replace(/:/g, '-')}Z-aaaaaa.stledger`, Buffer.from('x'));
    await place.ledger.put(`${day(32).toISOString().slice(0, 19).replace(/:/g, '-')}Z-bbbbbb.stledger`, Buffer.from('x'));

    expect((await applyRetention(place, 14, now)).sort()).toEqual([names[5], names[6]].sort());
    expect((await place.list()).map((b) => b.name)).toEqual(names.slice(0, 5));
    expect((await place.ledger.list()).map((n) => n.name)).toEqual([expect.stringContaining('aaaaaa')]);
    expect(await applyRetention(place, 2, now)).toEqual(names.slice(2, 5));
    expect((await readdir(dir)).filter((n) => n.endsWith('.stbackup')).sort()).toEqual(names.slice(0, 2).sort());
    await rm(dir, { recursive: true, force: true });
  });
});

describe('the backup schedule', () => {
  let a: TestApp;
  let b: BuiltApp;
  let otherDir: string;

  beforeAll(async () => {
    a = await createTestApp({}, { onDisk: true });
    otherDir = await mkdtemp(path.join(os.tmpdir(), 'second-process-'));
    // A second server process on the same database: its own pool on PostgreSQL; on the embedded
    // database the same PGlite (one process may open the folder), where the unique day decides alone.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: otherDir, ...(a.config.DATABASE_URL ? { DATABASE_URL: a.config.DATABASE_URL } : {}) });
    const shared = a.config.DATABASE_URL ? undefined : (a.ctx.db as unknown as { $client: PGlite }).$client;
    b = await buildApp(config, { pglite: shared, logger: false });
    await buildCast(a.ctx.db);
  }, 120_000);
  afterAll(async () => {
    if (a.config.DATABASE_URL) await b.app.close();
    await a.close();
    await rm(otherDir, { recursive: true, force: true });
  });

  const backupsIn = async (dataDir: string) => (await readdir(path.join(dataDir, 'backups')).catch(() => [] as string[])).filter((n) => n.endsWith('.stbackup'));

  it('runs once a day across two processes, at the first check after BACKUP_TIME', { timeout: 180_000 }, async () => {
    // A minute after the latest daily time, so an hour later is still the same backup day whatever
    // the time of day the test runs (an hour before 02:00 in Sydney, an hour on is the next day).
    const night = new Date(dueDay(new Date(), a.config.BACKUP_TIME).at.getTime() + 60_000);
    const results = await Promise.all([runBackupSchedule(a.ctx, night), runBackupSchedule(b.ctx, night)]);
    const claimed = results.filter((r) => r.claimed);
    expect(claimed).toHaveLength(1);
    await claimed[0]!.done;
    expect((await backupsIn(a.config.DATA_DIR)).length + (await backupsIn(otherDir)).length).toBe(1);
    const day = claimed[0]!.claimed!;
    expect(await a.ctx.db.select({ state: backupRuns.state }).from(backupRuns).where(eq(backupRuns.scheduledFor, day))).toEqual([{ state: 'good' }]);

    // Later the same day: nothing more. The next day: one more.
    const later = await Promise.all([runBackupSchedule(a.ctx, new Date(night.getTime() + 3_600_000)), runBackupSchedule(b.ctx, new Date(night.getTime() + 3_600_000))]);
    expect(later.filter((r) => r.claimed)).toHaveLength(0);
    const tomorrow = new Date(night.getTime() + 86_400_000);
    const next = await Promise.all([runBackupSchedule(a.ctx, tomorrow), runBackupSchedule(b.ctx, tomorrow)]);
    expect(next.filter((r) => r.claimed)).toHaveLength(1);
    await next.find((r) => r.claimed)!.done;
    expect((await backupsIn(a.config.DATA_DIR)).length + (await backupsIn(otherDir)).length).toBe(2);
  });
});

describe('a scheduled backup that fails', () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof buildCast>>;
  // A backups folder that can never be made: a path under a file.
  beforeAll(async () => {
    t = await createTestApp({ BACKUP_DIR: '/dev/null/backups' });
    cast = await buildCast(t.ctx.db);
  });
  afterAll(async () => { await t.close(); });

  it('is mailed to the platform administrators and shown on their dashboard', { timeout: 60_000 }, async () => {
    const run = await runBackupSchedule(t.ctx, new Date());
    expect(run.claimed).not.toBeNull();
    await expect(run.done).rejects.toThrow();
    const [mail] = await outboxFor(t.config.DATA_DIR, cast.platformAdmin.user.email);
    expect(mail?.subject).toBe('The nightly backup failed');
    expect(mail?.text).toContain('/backups');
    expect(await outboxFor(t.config.DATA_DIR, cast.churchAdmin.user.email, 1, 200)).toHaveLength(0);
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/backups/status', headers: { cookie: cast.platformAdmin.cookie } });
    expect(status.json()).toMatchObject({ lastGoodAt: null, failed: { error: expect.stringMatching(/ENOTDIR|not a directory/) } });
  });
});
