import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, type Sermon, type SermonEnded, type SermonWarning, type SpeakerJoinAck } from '@app/shared';
import { buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { sermons } from '../../db/schema';
import { ManualClock } from '../clock';
import { liveFor } from '../live-service';
import { secondsUsedThisWeek } from './minutes';
import { addChurchLanguages, connectLive, eventually, listen, ok, record, request, settle, type ClientSocket } from '../../../test/helpers/live-kit';

let t: TestApp;
let url: string;
const clock = new ManualClock();
const open: ClientSocket[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  liveFor(t.ctx).useClock(clock);
  url = await listen(t.app);
});
afterAll(async () => t.close());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

async function churchWithLimit(minutes: number) {
  const church = await buildChurch(t.ctx.db, { weeklyStreamLimitMinutes: minutes });
  await addChurchLanguages(t.ctx.db, church.id);
  const staff = await buildUser(t.ctx.db, 'staff', { churchId: church.id });
  return { church, cookie: await sessionCookie(t.ctx.db, staff.id) };
}

async function goLive(churchId: string, cookie: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie }, payload: { churchId, sourceLanguage: 'en' } });
}

async function speak(sermon: Sermon, cookie: string) {
  const sp = await connectLive(url, cookie);
  open.push(sp);
  const warnings = record<SermonWarning>(sp, liveEvents.warning);
  const ended = record<SermonEnded>(sp, liveEvents.ended);
  const joined = ok(await request<SpeakerJoinAck>(sp, liveEvents.speakerJoin, { sermonId: sermon.id }));
  return { sp, warnings, ended, joined };
}

async function advance(ms: number) {
  clock.advance(ms);
  await liveFor(t.ctx).tick();
}

const row = async (id: string) => (await t.ctx.db.select().from(sermons).where(eq(sermons.id, id)))[0]!;

describe('weekly streaming minutes', () => {
  it('charges the server clock, warns five minutes before the limit and ends the sermon at it', async () => {
    const { church, cookie } = await churchWithLimit(10);
    const sermon: Sermon = (await goLive(church.id, cookie)).json();
    const { sp, warnings, ended, joined } = await speak(sermon, cookie);
    expect(joined.state.minutesLeft).toBe(10);
    const listener = await connectLive(url);
    open.push(listener);
    const listenerEnded = record<SermonEnded>(listener, liveEvents.ended);
    ok(await request(listener, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'es' }));

    await advance(4 * MINUTE);
    await settle(100);
    expect(warnings).toEqual([]);
    // Written with the heartbeat, so a crash would not lose these minutes.
    expect((await row(sermon.id)).chargedSeconds).toBe(240);
    expect((await row(sermon.id)).lastHeartbeatAt.getTime()).toBe(clock.now());

    await advance(MINUTE + 1000);
    await eventually(() => expect(warnings).toEqual([expect.objectContaining({ code: 'stream_limit_soon', minutesLeft: 5 })]));
    expect(warnings[0]!.message).toMatch(/5 minutes of streaming left/);

    // Paused time is not charged.
    ok(await request(sp, liveEvents.pause, { sermonId: sermon.id, paused: true }));
    await advance(3 * MINUTE);
    ok(await request(sp, liveEvents.pause, { sermonId: sermon.id, paused: false }));
    expect((await row(sermon.id)).chargedSeconds).toBe(301);

    await advance(5 * MINUTE - 2000);
    expect(liveFor(t.ctx).room(sermon.id)).toBeDefined();
    await advance(1000);
    await eventually(() => expect(ended).toEqual([expect.objectContaining({ reason: 'stream_limit' })]));
    await eventually(() => expect(listenerEnded).toEqual([expect.objectContaining({ reason: 'stream_limit' })]));
    expect(warnings).toHaveLength(1);
    const final = await row(sermon.id);
    expect(final).toMatchObject({ status: 'ended', endReason: 'stream_limit', chargedSeconds: 600, durationSeconds: 780 });
    expect(await secondsUsedThisWeek(t.ctx.db, church.id, church.timeZone, new Date(clock.now()))).toBe(600);

    const again = await goLive(church.id, cookie);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('stream_limit_reached');
  });

  it('warns a speaker at once when fewer than five minutes are left at the start', async () => {
    const { church, cookie } = await churchWithLimit(3);
    const sermon: Sermon = (await goLive(church.id, cookie)).json();
    const { warnings, joined } = await speak(sermon, cookie);
    expect(joined.state.minutesLeft).toBe(3);
    await eventually(() => expect(warnings).toEqual([expect.objectContaining({ minutesLeft: 3 })]));
  });

  it('counts two sermons of one church against the same allowance', async () => {
    const { church, cookie } = await churchWithLimit(10);
    const admin = await buildUser(t.ctx.db, 'church_admin', { churchId: church.id });
    const adminCookie = await sessionCookie(t.ctx.db, admin.id);
    const a: Sermon = (await goLive(church.id, cookie)).json();
    const b: Sermon = (await goLive(church.id, adminCookie)).json();
    const one = await speak(a, cookie);
    const two = await speak(b, adminCookie);
    await advance(5 * MINUTE);
    await eventually(() => expect(two.ended).toEqual([expect.objectContaining({ reason: 'stream_limit' })]));
    await eventually(() => expect(one.ended).toEqual([expect.objectContaining({ reason: 'stream_limit' })]));
    expect((await row(a.id)).chargedSeconds + (await row(b.id)).chargedSeconds).toBe(600);
  });
});
