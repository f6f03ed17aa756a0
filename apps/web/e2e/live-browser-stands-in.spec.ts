import { expect, test } from '@playwright/test';
import { startMockOpenAIRealtime, type MockSpeechEngine } from '../../server/test/mock-engines';
import { stopSermon } from './live-helpers';
import { serverRecognisedSermon, speakerBrowser, useServerEngines } from './sermon-microphone';

/**
 * Both of the church's engines on the server go down mid-sermon (decision 043): the speaker's page
 * says "Heard by your browser" and its browser's recogniser hears the sermon, its phrases reaching
 * the phone; an engine answers again, the page hands back (the label names the engine) and the
 * words the two heard in that instant are on the phone once. When the browser's recogniser cannot
 * hear either, the page says within 2 s that no engine hears and readies the typing box (decision 056). Chromium's headless recogniser has no
 * speech service, so a stand-in SpeechRecognition is put in the page, and the journey says what it
 * hears. The loopback engines (OpenAI-compatible realtime, a word for every 350 ms of the fake
 * microphone's sound) each hear their script once per connection.
 */
const FIRST = ['grace and peace to you', 'open your bibles with me'];
/** What the browser's recogniser hears while no engine does; the last phrase is being said as the engine comes back. */
const OUTAGE = 'paul wrote to the church';
const HANDBACK = 'love is patient and kind';
/** The engine that comes back hears from the instant it listens: the end of that phrase, then on. */
const SECOND = ['patient and kind it does not boast', 'faith hope and love remain'];
const SAID = [...FIRST, OUTAGE, HANDBACK, 'it does not boast', SECOND[1]!];
const ENGINE_LABEL = 'Heard by Realtime transcription (OpenAI-compatible)';
let first: MockSpeechEngine;
let second: MockSpeechEngine;
let engines: Awaited<ReturnType<typeof useServerEngines>>;

/** A SpeechRecognition the journey speaks through: `__say` a final phrase, `__saying` one being said (final when stopped). */
function fakeRecogniser() {
  type Result = { transcript: string }[] & { isFinal?: boolean };
  class FakeRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    maxAlternatives = 1;
    onstart: (() => void) | null = null;
    onresult: ((e: { resultIndex: number; results: Result[] }) => void) | null = null;
    onerror: ((e: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    running = false;
    saying = '';
    start() {
      this.running = true;
      w.__recogniser = this;
      w.__started = (w.__started ?? 0) + 1;
      this.onstart?.();
    }
    stop() {
      if (!this.running) return;
      this.running = false;
      w.__stopped = (w.__stopped ?? 0) + 1;
      // As Chrome's: what was being said arrives as a final result, then the session ends.
      if (this.saying) this.emit(this.saying, true);
      this.saying = '';
      setTimeout(() => this.onend?.(), 0);
    }
    abort() {
      this.running = false;
      this.saying = '';
      setTimeout(() => this.onend?.(), 0);
    }
    emit(text: string, isFinal: boolean) {
      const result: Result = [{ transcript: text }];
      result.isFinal = isFinal;
      this.onresult?.({ resultIndex: 0, results: [result] });
    }
  }
  const w = window as unknown as Record<string, unknown> & {
    __recogniser?: FakeRecognition; __started?: number; __stopped?: number;
    __say?: (text: string) => boolean; __saying?: (text: string) => boolean;
  };
  w.SpeechRecognition = FakeRecognition;
  w.__say = (text) => {
    if (!w.__recogniser?.running) return false;
    w.__recogniser.emit(text, true);
    return true;
  };
  w.__saying = (text) => {
    if (!w.__recogniser?.running) return false;
    w.__recogniser.saying = text;
    w.__recogniser.emit(text, false);
    return true;
  };
}

/**
 * A SpeechRecognition as Chrome's is with a microphone it cannot open: `audio-capture`, then the
 * end, never started. The page notes when it was first started and when it first said that no
 * engine hears, and whether it ever claimed the browser hears.
 */
function brokenRecogniser() {
  const w = window as unknown as Record<string, unknown> & { __startedAt?: number; __noEngineAt?: number; __claimedBrowser?: boolean };
  class BrokenRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    maxAlternatives = 1;
    onstart: (() => void) | null = null;
    onresult: (() => void) | null = null;
    onerror: ((e: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      w.__startedAt ??= Date.now();
      setTimeout(() => {
        this.onerror?.({ error: 'audio-capture' });
        this.onend?.();
      }, 100);
    }
    stop() {}
    abort() {}
  }
  w.SpeechRecognition = BrokenRecognition;
  setInterval(() => {
    const text = document.body?.innerText ?? '';
    if (text.includes('Heard by your browser')) w.__claimedBrowser = true;
    if (w.__startedAt && text.includes('No engine hears you')) w.__noEngineAt ??= Date.now();
  }, 50);
}

const words = (lines: string[]) => lines.join(' ').toLowerCase().split(/\s+/).filter(Boolean).sort();

test.beforeAll(async () => {
  first = await startMockOpenAIRealtime({ sentences: FIRST, mode: 'timed', once: true });
  second = await startMockOpenAIRealtime({ sentences: SECOND, mode: 'timed', once: true });
  engines = await useServerEngines(first, second);
});

test.afterAll(async () => {
  // Other journeys expect the demo church recognising in the browser.
  await engines.remove();
  await Promise.all([first.close(), second.close()]);
});

test('both server engines go down mid-sermon: the browser hears the sermon until one answers, and every word is on the phone once', async () => {
  test.setTimeout(180_000);
  const browser = await speakerBrowser();
  try {
    const { page, phone } = await serverRecognisedSermon(browser, fakeRecogniser);
    const finals = () => phone.captions.locator('span[dir="auto"]').allInnerTexts();
    for (const line of FIRST) await expect(phone.captions).toContainText(line, { timeout: 20_000 });
    await expect(page.getByText(ENGINE_LABEL)).toBeVisible();

    // Both engines go down: the one listening is killed, the other refuses. The server retries
    // with a back-off; meanwhile the page's own recogniser hears the sermon.
    second.refuse();
    first.kill();
    await expect(page.getByText('Heard by your browser')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath('speaker-browser-stands-in.png') });
    expect(await page.evaluate((text) => (window as unknown as { __say(t: string): boolean }).__say(text), OUTAGE)).toBe(true);
    await expect(phone.captions).toContainText(OUTAGE, { timeout: 10_000 });
    expect(await page.evaluate((text) => (window as unknown as { __saying(t: string): boolean }).__saying(text), HANDBACK)).toBe(true);

    // The second engine answers again: the page hands back, its recogniser's last phrase sent as it ends.
    second.revive();
    await expect(page.getByText(ENGINE_LABEL)).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __stopped?: number }).__stopped)).toBe(1);
    for (const line of [HANDBACK, SECOND[1]!]) await expect(phone.captions).toContainText(line, { timeout: 20_000 });
    await expect(phone.captions).toContainText('it does not boast');

    // Every word said is on the phone once: "patient and kind", heard by both, is not doubled.
    await expect.poll(async () => words(await finals()), { timeout: 10_000 }).toEqual(words(SAID));
    await phone.page.screenshot({ path: test.info().outputPath('phone-after-handback.png') });
    await stopSermon(page);
  } finally {
    await browser.close();
  }
});

test('both server engines go down and the browser cannot hear either: within 2 s the page says no engine hears and the typing box is ready, and typed lines reach the phone', async () => {
  test.setTimeout(120_000);
  first.revive();
  second.revive();
  const browser = await speakerBrowser();
  try {
    const { page, phone } = await serverRecognisedSermon(browser, brokenRecogniser);
    await expect(page.getByText(ENGINE_LABEL)).toBeVisible({ timeout: 20_000 });
    second.refuse();
    // The page and this journey share the machine's clock.
    const downAt = Date.now();
    first.kill();
    await expect(page.getByText('No engine hears you right now (trying again): type your lines')).toBeVisible({ timeout: 15_000 });
    const times = await page.evaluate(async () => {
      const w = window as unknown as { __startedAt?: number; __noEngineAt?: number; __claimedBrowser?: boolean };
      // The page notes what it shows every 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { __startedAt: w.__startedAt, __noEngineAt: w.__noEngineAt, __claimedBrowser: w.__claimedBrowser };
    });
    // The browser's recogniser was tried (standing by, decision 060, it is tried as the engine starts).
    expect(times.__startedAt).toBeDefined();
    expect(times.__noEngineAt! - downAt).toBeLessThan(2000);
    expect(times.__claimedBrowser).toBeUndefined();
    const typing = page.getByRole('textbox', { name: 'Type or paste a line' });
    await expect(typing).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('speaker-no-engine.png') });
    await page.keyboard.type('we carry on by hand');
    await page.keyboard.press('Enter');
    await expect(phone.captions).toContainText('we carry on by hand', { timeout: 10_000 });
    second.revive();
    await expect(page.getByText(ENGINE_LABEL)).toBeVisible({ timeout: 30_000 });
    await stopSermon(page);
  } finally {
    await browser.close();
  }
});
