import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, type Sermon, type SermonTimeline, type SpeakerJoinAck } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { addChurchLanguages, connectLive, listen, ok, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { sermonLineStarts, transcriptSegments } from '../../db/schema';
import { ManualClock } from '../clock';
import { CONTINUED_LINE_MS } from './line-starts';
import { liveFor } from '../live-service';

/**
 * A line keeps when its first words were said (decision 044), whatever happened between them and
 * its final: the process that heard its first words died, or the speaker typed it offline.
 */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const clock = new ManualClock();
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  liveFor(t.ctx).useClock(clock);
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const api = (method: 'GET' | 'POST', path: string, cookie: string) => t.app.inject({ method, url: `/api/v1${path}`, headers: { cookie } });

async function goLive(): Promise<{ sermon: Sermon; start: number; speaker: ClientSocket }> {
  clock.set(Date.now());
  const sermon = (await t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } })).json<Sermon>();
  const speaker = await connectLive(url, cast.staff.cookie);
  open.push(speaker);
  const ack = ok(await request<SpeakerJoinAck>(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
  // The page's clock offset is measured against this.
  expect(ack.serverNow).toBe(clock.now());
  return { sermon, start: Date.parse(sermon.startedAt), speaker };
}

const final = (s: ClientSocket, sermon: Sermon, text: string, startedAt?: number) =>
  request(s, liveEvents.segment, { sermonId: sermon.id, seq: 1_000_000, text, final: true, clientId: randomUUID(), ...(startedAt ? { startedAt } : {}) });

async function spokenAt(sermon: Sermon): Promise<number[]> {
  const rows = await t.ctx.db.select({ seq: transcriptSegments.seq, spokenAt: transcriptSegments.spokenAt }).from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id));
  return rows.sort((a, b) => a.seq - b.seq).map((r) => r.spokenAt!.getTime());
}

describe('when a line was said', () => {
  it('is the speaker page’s time when the final reaches a process that never heard the line begin (a restart mid-line)', async () => {
    const { sermon, start, speaker } = await goLive();
    // The line began 5 s in, on the process that died; its final comes 23 s later to this one.
    clock.set(start + 28_000);
    ok(await final(speaker, sermon, 'Grace to you and peace.', start + 5_000));
    expect(await spokenAt(sermon)).toEqual([start + 5_000]);

    await api('POST', `/sermons/${sermon.id}/end`, cast.staff.cookie);
    const vtt = await api('GET', `/sermons/${sermon.id}/subtitles.vtt?lang=en`, cast.member.cookie);
    expect(vtt.body).toMatch(/^WEBVTT\n\n00:00:05\.000 --> /);
    const timeline = (await api('GET', `/sermons/${sermon.id}/timeline?lang=en`, cast.member.cookie)).json<SermonTimeline>();
    expect(timeline.lines.map((l) => l.at)).toEqual([5]);
  });

  it('is when a line was typed offline, though it is sent a minute later from the outbox', async () => {
    const { sermon, start, speaker } = await goLive();
    clock.set(start + 2_000);
    // Interim text of a recognised line reaches this process…
    ok(await request(speaker, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: 'Let us', final: false }));
    clock.set(start + 4_000);
    ok(await final(speaker, sermon, 'Let us pray.'));
    // …then the connection drops; two lines typed at 40 s and 52 s wait in the outbox until 100 s.
    clock.set(start + 100_000);
    ok(await final(speaker, sermon, 'Typed while offline.', start + 40_000));
    ok(await final(speaker, sermon, 'Typed later, still offline.', start + 52_000));
    expect(await spokenAt(sermon)).toEqual([start + 2_000, start + 40_000, start + 52_000]);

    await api('POST', `/sermons/${sermon.id}/end`, cast.staff.cookie);
    const srt = (await api('GET', `/sermons/${sermon.id}/subtitles.srt?lang=en`, cast.member.cookie)).body;
    expect([...srt.matchAll(/^(\d\d:\d\d:\d\d,\d{3}) --> /gm)].map((m) => m[1])).toEqual(['00:00:02,000', '00:00:40,000', '00:00:52,000']);
  });

  it('is the start the process before this one stored for the line in progress, when no page says it (a line heard on the server)', async () => {
    const { sermon, start, speaker } = await goLive();
    // The process that died had met the line's first words 5 s in (server-recognition.ts writes this).
    await t.ctx.db.insert(sermonLineStarts).values({ sermonId: sermon.id, seq: 1, startedAt: new Date(start + 5_000) });
    clock.set(start + 20_000);
    ok(await request(speaker, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: 'and the rest', final: false }));
    clock.set(start + 24_000);
    ok(await final(speaker, sermon, 'And the rest of the line.'));
    // A line begun further back than a line lasts was one the dead process never finished: not this one.
    await t.ctx.db.update(sermonLineStarts).set({ seq: 2, startedAt: new Date(start + 30_000) }).where(eq(sermonLineStarts.sermonId, sermon.id));
    clock.set(start + 30_000 + CONTINUED_LINE_MS + 10_000);
    ok(await final(speaker, sermon, 'A new line much later.'));
    expect(await spokenAt(sermon)).toEqual([start + 5_000, start + 30_000 + CONTINUED_LINE_MS + 10_000]);
  });

  it('is the arrival when the page’s time is in the future or before the sermon began', async () => {
    const { sermon, start, speaker } = await goLive();
    clock.set(start + 60_000);
    ok(await final(speaker, sermon, 'From a clock far ahead.', start + 10 * 60_000));
    clock.set(start + 70_000);
    ok(await final(speaker, sermon, 'From a page of yesterday.', start - 24 * 60 * 60_000));
    expect(await spokenAt(sermon)).toEqual([start + 60_000, start + 70_000]);
  });
});
