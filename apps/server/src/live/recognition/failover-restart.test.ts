import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { liveEvents, recognitionEvents, type ListenerJoinAck, type Sermon } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { PhoneLog, SpeakingPage, SpokenSermon, uniqueSentences } from '../../../test/helpers/failover-sermon';
import { addChurchLanguages, connectLive, eventually, listen, ok, request, settle, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_DEEPGRAM_KEY, startMockDeepgram, type MockSpeechEngine } from '../../../test/mock-engines';
import { buildApp, type BuiltApp } from '../../app';
import { transcriptSegments } from '../../db/schema';
import { storeRecognitionEngine } from '../../providers/recognition/engine-store';

/**
 * The server restarted mid-line (a deploy) for 3 and 15 s, the speaker's page holding what it
 * captures meanwhile (decisions 056, 059), a phone back on the new process: no word lost, doubled
 * or out of order; once the page is back, no stretch over 1.5 s without a new word; every line
 * stored from within 0.5 s of when its first word was said, the lines heard from the held audio too.
 */
const SENTENCES = uniqueSentences(6);
const MAX_STRETCH_MS = 1500;
const MAX_SAID_AT_ERROR_MS = 500;

let engine: MockSpeechEngine | null = null;
let first: TestApp | null = null;
let second: BuiltApp | null = null;
const open: ClientSocket[] = [];

afterEach(async () => {
  for (const s of open.splice(0)) s.disconnect();
  await second?.app.close();
  await first?.close();
  await engine?.close();
  [engine, first, second] = [null, null, null];
});

describe.each([[3_000, 'deploy'], [15_000, 'deploy'], [3_000, 'crash']] as const)('a server restarted mid-line for %i ms (%s)', (restartMs, how) => {
  it('loses, doubles and reorders no word, words come again at once, and every line keeps when it was said', async () => {
    const spoken = new SpokenSermon(SENTENCES);
    engine = await startMockDeepgram({ sentences: SENTENCES });
    first = await createTestApp({ DEEPGRAM_URL: engine.url }, { onDisk: true });
    const cast = await buildCast(first.ctx.db);
    await addChurchLanguages(first.ctx.db, cast.church.id, { joinLive: ['en'] });
    await storeRecognitionEngine(first.ctx.db, cast.church.id, 'primary', { kind: 'deepgram', url: null, model: null, keyEnc: first.ctx.secrets.encrypt(MOCK_DEEPGRAM_KEY) });
    const sermon = (await first.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie: cast.staff.cookie }, payload: { churchId: cast.church.id, sourceLanguage: 'en' } })).json<Sermon>();

    const phone = new PhoneLog(spoken);
    let page: SpeakingPage | null = null;
    const join = async (url: string) => {
      const speaker = await connectLive(url, cast.staff.cookie);
      const listener = await connectLive(url, cast.member.cookie);
      open.push(speaker, listener);
      phone.attach(listener);
      const lastSeq = Math.max(0, ...phone.finals.keys());
      const joined = ok(await request<ListenerJoinAck>(listener, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'en', voice: 'none', lastSeq }));
      for (const c of joined.captions) phone.read(c);
      ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
      ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id, ...(page?.shown ? { shown: page.shown } : {}) }));
      return { speaker, listener };
    };
    const before = await join(await listen(first.app));
    page = new SpeakingPage(before.speaker, sermon, spoken);

    // Three and a half seconds into the third sentence the server stops; it is back `restartMs` later.
    const restartAt = spoken.sentenceAt(2) + 3_500;
    let backAt = 0;
    let speaker = before.speaker;
    const restart = async () => {
      // A crash: the engine hears nothing more there and the line is never finished; a deploy
      // stops gracefully and the engine finishes what it heard.
      if (how === 'crash') engine!.stall();
      page!.away();
      before.speaker.disconnect();
      before.listener.disconnect();
      const closedAt = Date.now();
      await first!.app.close();
      engine!.revive();
      await settle(Math.max(0, closedAt + restartMs - Date.now()));
      second = await buildApp({ ...first!.config }, { logger: false });
      await second.app.ready();
      const after = await join(await listen(second.app));
      speaker = after.speaker;
      backAt = Date.now();
      page!.back(after.speaker);
    };
    let restarted: Promise<void> = Promise.resolve();
    await page.speak([[restartAt, () => void (restarted = restart())]]);
    await restarted;
    // What the page held goes at twice real time: give it time to catch up.
    await eventually(() => expect(phone.lineWords().length).toBeGreaterThanOrEqual(spoken.words.length), 20_000).catch(() => undefined);
    ok(await request(speaker, recognitionEvents.audioStop, { sermonId: sermon.id }));
    await settle(500);

    const result = phone.window(restartAt - 1000, spoken.durationMs, backAt);
    const rows = await second!.ctx.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermon.id));
    const saidAt = rows.map((r) => r.spokenAt!.getTime() - spoken.saidAt(spoken.index(r.text.split(/\s+/)[0]!)));
    process.stdout.write(`${JSON.stringify({ restartMs, ...result, saidAtErrorsMs: saidAt })}\n`);
    expect(result).toMatchObject({ lost: 0, doubled: 0, outOfOrder: 0 });
    expect(result.stretchMs).toBeLessThanOrEqual(MAX_STRETCH_MS);
    expect(Math.max(...saidAt.map(Math.abs))).toBeLessThanOrEqual(MAX_SAID_AT_ERROR_MS);
    expect([...phone.lineWords()].sort((a, b) => a - b)).toEqual(spoken.words.map((_, i) => i));
  }, 90_000);
});
