import { expect, test } from '@playwright/test';
import { startMockAzure, type MockAzure } from '../../server/test/mock-azure';
import { allTones, toneOf, wordKey } from '../../server/test/mock-azure/spoken-audio';
import { azureSpeechMockPort } from '../e2e/engine-mocks';
import { earScript } from './ear';
import { centreOf, choose, earFacts, screenFacts, watchCaptions } from './page-scripts';
import { openPhone, type Engine, type Phone } from './phones';
import { voiceFigures } from './figures';
import { churchVoice, goLive, reader } from './sermon';

/**
 * The listener's page in each engine a congregation carries (decision 049): Firefox ESR, WebKitGTK
 * and Chromium with its own headless user agent, at 390×844. A guest opens the church's join link,
 * waits in the lobby, the sermon goes live, the captions come, the voice is turned on and heard
 * through an ear on what the page plays, the phone is locked (its page hidden) and the voice plays
 * on, the language and the text size change, and the room's projector shows the captions.
 */
const port = Number(process.env.E2E_BROWSERS_PORT ?? 4373);
const base = `http://localhost:${port}`;
const SHOTS = process.env.BROWSER_SHOTS ?? '/tmp';
let azure: MockAzure;
// Ended and closed after each journey even when one runs out of time (its own code is then abandoned):
// the next must find the church's lobby waiting, not a sermon still live.
let phone: Phone | null = null;
let live: Awaited<ReturnType<typeof goLive>> | null = null;
test.afterEach(async () => {
  await live?.end().catch(() => undefined);
  await phone?.close().catch(() => undefined);
  live = null;
  phone = null;
});

test.beforeAll(async () => {
  azure = await startMockAzure({ port: azureSpeechMockPort(port), voice: 'spoken' });
  await churchVoice(base, true);
});
test.afterAll(async () => {
  await churchVoice(base, false);
  await azure.close();
});

const LINES = [
  'grace and peace to you from god our father',
  'today we open the book of ruth together',
  'she said where you go i will go',
  'your people will be my people',
  'that is the heart of this whole story',
  'love that stays when everything else has gone',
];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
/** Where a journey is, in its output: a step that hangs in one engine shows which. */
const step = (engine: Engine, what: string) => console.log(`${engine} ${((Date.now() - started) / 1000).toFixed(1)}s: ${what}`);

async function tapOn(phone: Phone, selector: string, text: string) {
  const at = await phone.run<{ x: number; y: number } | null>(centreOf, selector, text);
  expect(at, `${selector} "${text}"`).not.toBeNull();
  await phone.tap(at!.x, at!.y);
}

async function waitForText(phone: Phone, text: string, timeoutMs = 10_000) {
  await expect.poll(async () => (await phone.run<{ text: string }>(screenFacts)).text, { timeout: timeoutMs, message: text }).toContain(text);
}

const ENGINES: Engine[] = ['firefox', 'webkit', 'chromium'];
for (const [n, engine] of ENGINES.entries()) {
  test(`${engine}: a guest joins by the church's link, reads the captions, hears the voice with the page hidden, and the projector shows them`, async () => {
    test.setTimeout(150_000);
    const p = await openPhone(engine, port + 503 + n);
    phone = p;
    {
      step(engine, 'lobby');
      // The lobby: the church's standing join link, in English, Portuguese chosen to listen in.
      await p.goto(`${base}/l/harbour?lng=en`);
      await waitForText(p, 'Harbour City Church');
      expect(await p.run<boolean>(choose, 'Your language', 'pt')).toBe(true);
      await p.run(watchCaptions);
      await p.run(earScript(allTones()));
      // A guest's first tap on the page (on the church's name): the ear's context may then sound.
      await tapOn(p, 'h1, h2', 'Harbour City Church');

      step(engine, 'going live');
      // The sermon goes live: the lobby turns into the listener's page by itself.
      const sermon = await goLive(base);
      live = sermon;
      const pt = await reader(base, sermon.sermon.broadcastId, 'pt');
      await expect.poll(() => p.run<boolean>('return !!document.querySelector(\'[role="log"]\')'), { timeout: 10_000 }).toBe(true);
      await p.run(watchCaptions);
      await p.screenshot(`${SHOTS}/browsers-${engine}-sermon.png`);

      step(engine, 'voice on');
      // The voice turned on with the page's own switch (a real tap).
      await tapOn(p, 'input[role="switch"]', 'Voice');
      const said: Array<{ wordsAt: number[]; settledAt: number }> = [];
      for (const [i, line] of LINES.entries()) {
        // A locked phone: its page hidden while the pastor says two lines.
        if (i === 2) {
          step(engine, 'hidden');
          await p.hide();
        }
        said.push(await sermon.say(line));
        if (i === 3) {
          // Nothing is asked of the hidden page itself: it tells how long it was hidden afterwards.
          await p.show();
          step(engine, 'shown');
        }
        await pause(600);
      }
      await pause(8_000);
      expect(pt.finals.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      const facts = await p.run<{ heard: Array<{ tone: number; at: number }>; captions: Array<{ text: string; at: number }>; hiddenFor: number; element: unknown; events: Array<[string, number, number, number]> }>(earFacts);
      const finals = [...pt.finals].sort((a, b) => a.seq - b.seq);
      const figures = voiceFigures(finals.map((c) => c.text.split(/\s+/).filter((w) => wordKey(w).length > 0).map(toneOf)), said, facts.heard, facts.captions, finals.map((c) => c.text));
      console.log(`${engine}: ${JSON.stringify({ engine, ...figures, hiddenS: facts.hiddenFor / 1000, element: facts.element })}`);
      if (process.env.DEBUG_EAR) console.log(JSON.stringify({ t0: said[0]!.wordsAt[0], said: said.map((s) => s.wordsAt.map((w) => w - said[0]!.wordsAt[0]!)), heard: facts.heard.map((x) => [x.tone, x.at - said[0]!.wordsAt[0]!]), events: facts.events.map(([type, at, held, rate]) => [type, at - said[0]!.wordsAt[0]!, held, rate]), expected: finals.map((c) => c.text.split(/\s+/).filter((w) => wordKey(w).length > 0).map(toneOf)) }));
      await p.screenshot(`${SHOTS}/browsers-${engine}-voice.png`);
      expect(facts.hiddenFor).toBeGreaterThan(3_000);
      expect(figures.heardShare).toBeGreaterThanOrEqual(0.99);
      expect(figures.voiceMedianS).toBeLessThanOrEqual(4);
      expect(figures.captionMedianS).toBeLessThanOrEqual(2);
      // No notice of catching up at the end of a sermon heard in time.
      expect((await p.run<{ text: string }>(screenFacts)).text).not.toContain('catching up');

      step(engine, 'language');
      // Another language: the captions follow it.
      expect(await p.run<boolean>(choose, 'Listening language', 'es')).toBe(true);
      await sermon.say('the lord is my shepherd');
      await waitForText(p, '[ES demo]');
      // Larger text: the captions grow.
      const before = (await p.run<{ captionPx: number }>(screenFacts)).captionPx;
      await tapOn(p, 'button', 'Larger text');
      await expect.poll(async () => (await p.run<{ captionPx: number }>(screenFacts)).captionPx).toBeGreaterThan(before);
      const screen = await p.run<{ scrollWidth: number; clientWidth: number }>(screenFacts);
      expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth);
      pt.close();

      step(engine, 'projector');
      // The room's projector at the same link.
      await p.goto(`${base}/l/harbour/projector?lng=en&languages=pt`);
      await sermon.say('go in peace');
      await waitForText(p, 'go in peace');
      await p.screenshot(`${SHOTS}/browsers-${engine}-projector.png`);
    }
  });
}
