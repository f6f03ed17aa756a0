import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupList } from '@app/shared';
import { configFor, emptyTarget, generatedKey, type EmptyTarget } from '../../../test/helpers/backups';
import { buildCast } from '../../../test/helpers/factories';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backupsOf } from './backups-of';
import { restoreBackup } from './restore';
import { startBackup } from './run-backup';

let s3: TestS3Server;
let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let target: EmptyTarget;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3Server();
  // Files and backups in one bucket, under their own prefixes.
  t = await createTestApp({ ...s3.env, BACKUP_BUCKET: s3.settings.bucket }, { onDisk: true });
  cast = await buildCast(t.ctx.db);
  target = await emptyTarget();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'bucket-backup-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  await target.drop();
  await rm(scratch, { recursive: true, force: true });
});

describe('backups in an S3-compatible bucket (BACKUP_BUCKET)', () => {
  it('are stored whole under backups/, listed, and restore from a downloaded copy', { timeout: 180_000 }, async () => {
    const result = await (await startBackup(t.ctx, { trigger: 'manual' })).done;
    expect(result.location).toBe(`s3://${s3.settings.bucket}/backups/${result.name}`);
    expect(result.head.files).toMatchObject({ in: 'bucket', bucket: s3.settings.bucket });
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'backups/' }));
    expect(listed.Contents?.map((o) => o.Key)).toContain(`backups/${result.name}`);
    // Nothing left on this machine: the file was made here and went up in one piece.
    expect((await readdir(path.join(t.config.DATA_DIR, 'backups'))).filter((n) => !n.startsWith('ledger'))).toEqual([]);

    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/backups', headers: { cookie: cast.platformAdmin.cookie } })).json() as BackupList;
    expect(list.schedule).toMatchObject({ place: 'bucket', location: `s3://${s3.settings.bucket}/backups/` });
    expect(list.items[0]).toMatchObject({ id: result.name, state: 'good', place: 'bucket', sizeBytes: result.size });

    const { place } = await backupsOf(t.ctx);
    const copy = path.join(scratch, result.name);
    await pipeline((await place.open(result.name))!.body, createWriteStream(copy));
    const env = { ...target.env, ...s3.env, BACKUP_BUCKET: s3.settings.bucket, SECRETS_KEY: await generatedKey(t) };
    const summary = await restoreBackup({ file: copy, config: configFor(env), log: () => undefined });
    expect(summary.rows.users).toBe(result.head.tables.users);
  });
});
