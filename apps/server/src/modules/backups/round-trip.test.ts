import { randomBytes } from 'node:crypto';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { churches, sermons, transcriptSegments, users } from '../../db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/seed';
import { backUpNow, configFor, emptyTarget, generatedKey, openRestored, tableDigests, type EmptyTarget } from '../../../test/helpers/backups';
import { sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { cameraJpeg, multipart } from '../../../test/helpers/uploads';
import { restoreBackup } from './restore';
import { startBackup } from './run-backup';

let t: TestApp;
let platformCookie: string;
const targets: EmptyTarget[] = [];
const restoredApps: Array<{ app: { close(): Promise<unknown> } }> = [];

beforeAll(async () => {
  t = await createTestApp({}, { onDisk: true });
  await seedDemoData(t.ctx.db);
  const [platform] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'platform@demo.church'));
  platformCookie = await sessionCookie(t.ctx.db, platform!.id);
});
afterAll(async () => {
  for (const r of restoredApps) await r.app.close();
  await t.close();
  for (const target of targets) await target.drop();
});

const signIn = (app: TestApp['app'], email: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });

describe('a backup restored into an empty target', () => {
  it('holds the same rows in every table, the same photo and voice clip, and the restored app signs in and goes live', { timeout: 180_000 }, async () => {
    // A member's photo through the API, a voice clip as the live pipeline stores one, a referral (a row pointing at its own table).
    const [member] = await t.ctx.db.select().from(users).where(eq(users.email, 'member@demo.church'));
    const { payload, contentType } = await multipart(await cameraJpeg(), 'me.jpg', 'image/jpeg');
    const uploaded = await t.app.inject({ method: 'PUT', url: '/api/v1/me/photo', headers: { cookie: await sessionCookie(t.ctx.db, member!.id), 'content-type': contentType }, payload });
    expect(uploaded.statusCode).toBe(200);
    const photoUrl = uploaded.json().photoUrl as string;
    const photo = (await t.app.inject({ method: 'GET', url: photoUrl })).rawPayload;
    const [sermon] = await t.ctx.db.select({ id: sermons.id }).from(sermons).limit(1);
    const clipKey = `tts/${sermon!.id}/1-pt-female.mp3`;
    const clip = randomBytes(20_000);
    await t.ctx.blobs.put(clipKey, { data: clip, contentType: 'audio/mpeg' });
    const [referrer] = await t.ctx.db.select({ id: users.id }).from(users).where(ne(users.id, member!.id)).limit(1);
    await t.ctx.db.update(users).set({ referredById: referrer!.id }).where(eq(users.id, member!.id));

    const backup = await backUpNow(t, platformCookie);
    expect(backup).toMatchObject({ state: 'good', trigger: 'manual', place: 'folder' });
    expect(backup.sizeBytes).toBeGreaterThan(clip.length);
    const before = await tableDigests(t.ctx.db);

    const target = await emptyTarget();
    targets.push(target);
    const env = { ...target.env, SECRETS_KEY: await generatedKey(t) };
    const lines: string[] = [];
    const summary = await restoreBackup({ file: backup.location!, config: configFor(env), log: (l) => lines.push(l) });
    expect(summary.forgotten).toBe(0);
    expect(summary.rows.users).toBeGreaterThan(4);

    const restored = await openRestored(env);
    restoredApps.push(restored);
    expect(await tableDigests(restored.ctx.db)).toEqual(before);
    expect((await restored.app.inject({ method: 'GET', url: photoUrl })).rawPayload.equals(photo)).toBe(true);
    expect((await restored.ctx.blobs.get(clipKey))?.data.equals(clip)).toBe(true);

    expect((await signIn(restored.app, 'platform@demo.church')).statusCode).toBe(200);
    const staff = await signIn(restored.app, 'staff@demo.church');
    expect(staff.statusCode).toBe(200);
    const cookie = staff.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const [church] = await restored.ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.name, 'Harbour City Church'));
    await restored.ctx.db.update(sermons).set({ status: 'ended', endedAt: new Date() }).where(eq(sermons.status, 'live'));
    const live = await restored.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie }, payload: { churchId: church!.id, sourceLanguage: 'en' } });
    expect(live.statusCode, live.body).toBe(201);
  });

  it('is one moment of the database even while rows are being written', { timeout: 180_000 }, async () => {
    // A sermon's transcript grows line by line while the backup runs, as during a live sermon:
    // the backup holds lines 1…k with none missing, whatever k is.
    const [sermon] = await t.ctx.db.select({ id: sermons.id }).from(sermons).limit(1);
    await t.ctx.db.delete(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon!.id));
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        written++;
        await t.ctx.db.insert(transcriptSegments).values({ sermonId: sermon!.id, seq: written, text: `line ${written}`, sourceLanguage: 'en' });
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const { done } = await startBackup(t.ctx, { trigger: 'manual' });
    const result = await done;
    writing = false;
    await writer;

    const target = await emptyTarget();
    targets.push(target);
    const env = { ...target.env, SECRETS_KEY: await generatedKey(t) };
    await restoreBackup({ file: result.location, config: configFor(env), log: () => undefined });
    const restored = await openRestored(env);
    restoredApps.push(restored);
    const seqs = (await restored.ctx.db.select({ seq: transcriptSegments.seq }).from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon!.id)))
      .map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs.length).toBeLessThanOrEqual(written);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(result.head.tables.transcript_segments).toBe(Number((await restored.ctx.db.execute(sql`select count(*) as n from transcript_segments`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n));
  });
});
