import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, recognitionEvents, type Sermon } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { addChurchLanguages, connectLive, eventually, listen, ok, request, settle, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { encodedSpeech, MOCK_DEEPGRAM_KEY, scriptWords, startMockDeepgram, type MockSpeechEngine } from '../../../test/mock-engines';
import { buildApp, type BuiltApp } from '../../app';
import { transcriptSegments } from '../../db/schema';
import { storeRecognitionEngine } from '../../providers/recognition/engine-store';
import type { SettledCaption } from '../captions/settled-captions';
import { liveFor } from '../live-service';

/**
 * A line heard on the server keeps when its first words were said (decision 044) when the process
 * that heard them stops mid-line and another process on the same database continues the sermon:
 * its stored start, and the stamp of its partials on a caption feed, are the first process's.
 */
const SENTENCES = ['Grace and peace to you all', 'Paul wrote to the church in Corinth about love that is patient and kind'];
const words = scriptWords(SENTENCES);
/** The page's 100 ms frames of 16 kHz PCM16. */
const FRAME_BYTES = 3200;
/** How far a start may be from the audio's own time: a frame, and timers on a busy machine. */
const TOLERANCE_MS = 400;

let first: TestApp;
let second: BuiltApp | null = null;
let heardFirst: MockSpeechEngine;
let heardSecond: MockSpeechEngine;
let cast: Awaited<ReturnType<typeof buildCast>>;
const open: ClientSocket[] = [];

beforeAll(async () => {
  [heardFirst, heardSecond] = await Promise.all([startMockDeepgram({ sentences: SENTENCES }), startMockDeepgram({ sentences: SENTENCES })]);
  first = await createTestApp({ DEEPGRAM_URL: heardFirst.url }, { onDisk: true });
  cast = await buildCast(first.ctx.db);
  await addChurchLanguages(first.ctx.db, cast.church.id, { joinLive: ['en', 'pt'] });
  await storeRecognitionEngine(first.ctx.db, cast.church.id, 'primary', { kind: 'deepgram', url: null, model: null, keyEnc: first.ctx.secrets.encrypt(MOCK_DEEPGRAM_KEY) });
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await second?.app.close();
  await first.close();
  await Promise.all([heardFirst.close(), heardSecond.close()]);
});

/** Streams `audio` in real time as the page does; returns when each frame left (Date.now()). */
async function stream(socket: ClientSocket, sermon: Sermon, audio: Buffer): Promise<number[]> {
  const sentAt: number[] = [];
  for (let o = 0; o < audio.length; o += FRAME_BYTES) {
    socket.emit(recognitionEvents.audio, { sermonId: sermon.id, seq: sentAt.length, audio: audio.subarray(o, o + FRAME_BYTES) });
    sentAt.push(Date.now());
    await settle(100);
  }
  return sentAt;
}

async function speakerOn(url: string, sermon: Sermon): Promise<ClientSocket> {
  const s = await connectLive(url, cast.staff.cookie);
  open.push(s);
  ok(await request(s, liveEvents.speakerJoin, { sermonId: sermon.id }));
  ok(await request(s, recognitionEvents.audioStart, { sermonId: sermon.id }));
  return s;
}

describe('a line heard on the server, across a restart mid-line', () => {
  it('is stored from when its first words were said on the process that stopped, not when the next one heard its end', async () => {
    const sermon = (await first.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } })).json<Sermon>();
    const speaker = await speakerOn(await listen(first.app), sermon);
    // The first sentence, then the first three words of the second ("Paul wrote to").
    const before = encodedSpeech(words, 0, 6);
    const sentAt = await stream(speaker, sermon, Buffer.concat([before, encodedSpeech(words, 6, 9)]));
    // The frame that starts with "Paul" left when its 100 ms had been said.
    const paulSaid = sentAt[before.length / FRAME_BYTES]! - 100;
    await eventually(async () => {
      const rows = await first.ctx.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id));
      expect(rows.map((r) => r.text)).toEqual([SENTENCES[0]]);
    });
    await settle(300);

    // The process dies mid-line: its engine answers nothing more first, so the line is not finished
    // there. (An engine that fails outright hands its shown words on as a line, decision 059.)
    heardFirst.stall();
    await settle(200);
    await first.app.close();
    speaker.disconnect();
    // The speaker's page is back three seconds later, on a new process on the same database.
    await settle(3000);
    second = await buildApp({ ...first.config, DEEPGRAM_URL: heardSecond.url }, { logger: false });
    await second.app.ready();
    const partials: SettledCaption[] = [];
    liveFor(second.ctx).captions.settled.on((c) => c.final || partials.push(c));
    const url = await listen(second.app);
    const listener = await connectLive(url, cast.member.cookie);
    open.push(listener);
    ok(await request(listener, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt', voice: 'none', lastSeq: 0 }));
    const again = await speakerOn(url, sermon);
    const rest = await stream(again, sermon, encodedSpeech(words, 9));

    const line = await eventually(async () => {
      const [row] = await second!.ctx.db.select().from(transcriptSegments).where(and(eq(transcriptSegments.sermonId, sermon.id), eq(transcriptSegments.seq, 2)));
      expect(row?.text).toBe('the church in Corinth about love that is patient and kind');
      return row!;
    }, 8000);
    // The rest of the line was said more than three seconds after its first words…
    expect(rest[0]! - paulSaid).toBeGreaterThan(3000);
    // …and the line is stored from its first words all the same.
    expect(Math.abs(line.spokenAt!.getTime() - paulSaid)).toBeLessThan(TOLERANCE_MS);
    // A partial translation of it on a caption feed is stamped from them too.
    await eventually(() => expect(partials.filter((c) => c.seq === 2).length).toBeGreaterThan(0));
    for (const c of partials.filter((p) => p.seq === 2)) expect(c.spokenAt).toBe(line.spokenAt!.getTime());
  }, 60_000);
});
