import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recognitionEvents } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { PhoneLog, SpeakingPage, SpokenSermon, uniqueSentences } from '../../../test/helpers/failover-sermon';
import { addChurchLanguages, eventually, listen, liveClients, ok, request, settle } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MOCK_ASSEMBLYAI_KEY, MOCK_DEEPGRAM_KEY, startMockAssemblyAI, startMockDeepgram, type MockSpeechEngine } from '../../../test/mock-engines';
import { transcriptSegments } from '../../db/schema';
import { storeRecognitionEngine } from '../../providers/recognition/engine-store';

/**
 * A failover nobody hears (decision 059), on a phone, with the strict loopbacks of both engines:
 * Deepgram killed mid-phrase (AssemblyAI takes over), Deepgram back and AssemblyAI killed, both
 * down 10 s (the browser's recogniser, standing by, takes over), both back. In each window: no stretch over 1.5 s
 * without a new word on the phone, no word lost, doubled or out of order, and every line stored
 * from within 0.5 s of when its first word was said.
 */
const SENTENCES = uniqueSentences(10);
const spoken = new SpokenSermon(SENTENCES);
const MAX_STRETCH_MS = 1500;
const MAX_SAID_AT_ERROR_MS = 500;

let deepgram: MockSpeechEngine;
let assembly: MockSpeechEngine;
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const live = liveClients(() => ({ url, app: t.app, staffCookie: cast.staff.cookie, listenerCookie: cast.member.cookie, churchId: cast.church.id }));

beforeAll(async () => {
  [deepgram, assembly] = await Promise.all([startMockDeepgram({ sentences: SENTENCES }), startMockAssemblyAI({ sentences: SENTENCES })]);
  t = await createTestApp({ DEEPGRAM_URL: deepgram.url, ASSEMBLYAI_URL: assembly.url });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id, { joinLive: ['en'] });
  await storeRecognitionEngine(t.ctx.db, cast.church.id, 'primary', { kind: 'deepgram', url: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_DEEPGRAM_KEY) });
  await storeRecognitionEngine(t.ctx.db, cast.church.id, 'failover', { kind: 'assemblyai', url: null, model: null, keyEnc: t.ctx.secrets.encrypt(MOCK_ASSEMBLYAI_KEY) });
  url = await listen(t.app);
});
afterAll(async () => {
  live.closeAll();
  await t.close();
  await Promise.all([deepgram.close(), assembly.close()]);
});

/** Each stored line's start against when its first word was said, for lines begun in [from, to). */
async function saidAtErrors(sermonId: string, from: number, to: number): Promise<number[]> {
  const rows = await t.ctx.db.select().from(transcriptSegments).where(eq(transcriptSegments.sermonId, sermonId));
  return rows.flatMap((r) => {
    const first = spoken.index(r.text.split(/\s+/)[0] ?? '');
    if (first < 0 || spoken.spans[first]!.from < from || spoken.spans[first]!.from >= to) return [];
    return [r.spokenAt!.getTime() - spoken.saidAt(first)];
  });
}

describe('a failover nobody hears', () => {
  it('Deepgram killed, AssemblyAI killed, both down 10 s with the browser standing in, both back: words keep coming, none lost, doubled or out of order, lines timed', async () => {
    const sermon = await live.goLive();
    const speaker = await live.speaker(sermon);
    const page = new SpeakingPage(speaker, sermon, spoken);
    const phone = new PhoneLog(spoken);
    phone.attach((await live.listener(sermon, 'en')).socket);
    expect(ok(await request(speaker, recognitionEvents.audioStart, { sermonId: sermon.id }))).toMatchObject({ engine: 'deepgram', state: 'listening' });
    // Each engine fails 3.5 s into a phrase (the words of the phrase so far are on the phone).
    const [dgKilled, aaiKilled, bothDown] = [1, 3, 5].map((k) => spoken.sentenceAt(k) + 3_500) as [number, number, number];
    const bothBack = bothDown + 10_000;
    // Each window from a second before its event (the phrase it struck) to a second before the next.
    const windows: [string, number, number][] = [
      ['Deepgram -> AssemblyAI', dgKilled - 1000, aaiKilled - 1000], ['AssemblyAI -> Deepgram', aaiKilled - 1000, bothDown - 1000],
      ['both down, the browser stands in', bothDown - 1000, bothBack - 1000], ['both back', bothBack - 1000, spoken.durationMs],
    ];
    await page.speak([
      [dgKilled, () => deepgram.kill()], [dgKilled + 2000, () => deepgram.revive()],
      [aaiKilled, () => assembly.kill()], [aaiKilled + 2000, () => assembly.revive()],
      [bothDown, () => {
        deepgram.kill();
        assembly.kill();
      }],
      [bothBack, () => {
        deepgram.revive();
        assembly.revive();
      }],
    ]);
    ok(await request(speaker, recognitionEvents.audioStop, { sermonId: sermon.id }));
    await eventually(() => expect(phone.lineWords().length).toBeGreaterThanOrEqual(spoken.words.length), 10_000).catch(() => undefined);
    await settle(500);

    const table = await Promise.all(windows.map(async ([name, from, to]) => {
      const errors = await saidAtErrors(sermon.id, from, to);
      return { name, ...phone.window(from, to), worstSaidAtMs: Math.max(0, ...errors.map(Math.abs)) };
    }));
    process.stdout.write(`${JSON.stringify(table)}\n`);
    for (const w of table) {
      // The browser's recogniser stood by (decision 060): it takes over from the phones' last word,
      // so the words said as the engines failed come in their place, not when an engine is back.
      expect(w, w.name).toMatchObject({ lost: 0, doubled: 0, outOfOrder: 0 });
      expect(w.stretchMs, w.name).toBeLessThanOrEqual(MAX_STRETCH_MS);
      expect(w.worstSaidAtMs, w.name).toBeLessThanOrEqual(MAX_SAID_AT_ERROR_MS);
    }
    // The whole sermon: every word on the phone once; no engine rule broken.
    expect([...phone.lineWords()].sort((a, b) => a - b)).toEqual(spoken.words.map((_, i) => i));
    expect([...deepgram.violations, ...assembly.violations].filter((v) => v.why === 'chunk' || v.why === 'pace')).toEqual([]);
  }, 90_000);
});
