import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

/**
 * A stand-in for the browser's speech recogniser: Chromium's real one needs Google's servers, which
 * this machine cannot reach. It behaves like Chrome's (continuous, interim then final results, `end`
 * after stop) and the test makes it "hear" words with `window.__speak(text, isFinal)`.
 */
export function fakeSpeechRecognition() {
  type Listener = ((e: unknown) => void) | null;
  class FakeRecognition {
    continuous = false;
    interimResults = false;
    lang = 'en-US';
    maxAlternatives = 1;
    onstart: Listener = null;
    onresult: Listener = null;
    onerror: Listener = null;
    onend: Listener = null;
    private results: Array<{ 0: { transcript: string }; length: number; isFinal: boolean }> = [];
    start() {
      (window as unknown as { __recognition: FakeRecognition }).__recognition = this;
      setTimeout(() => this.onstart?.({}), 10);
    }
    stop() {
      setTimeout(() => this.onend?.({}), 10);
    }
    abort() {
      this.stop();
    }
    hear(text: string, isFinal: boolean) {
      const index = this.results.length && !this.results[this.results.length - 1]!.isFinal ? this.results.length - 1 : this.results.length;
      this.results[index] = { 0: { transcript: text }, length: 1, isFinal };
      this.onresult?.({ resultIndex: index, results: this.results });
    }
  }
  const w = window as unknown as Record<string, unknown>;
  w.SpeechRecognition = FakeRecognition;
  w.webkitSpeechRecognition = FakeRecognition;
  w.__speak = (text: string, isFinal: boolean) =>
    (w.__recognition as FakeRecognition | undefined)?.hear(text, isFinal);
}

export async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  return { context, page: await context.newPage() };
}

export async function startSpeaker(browser: Browser, language = 'English') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(fakeSpeechRecognition);
  const page = await context.newPage();
  await signIn(page, 'staff@demo.church');
  await page.goto('/real-time-sermon-translation');
  await expect(page.getByRole('heading', { name: /^Go live$/i })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Speech is recognised by this browser.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Spoken language' }).click();
  await page.getByRole('option', { name: language, exact: true }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Listening', { exact: true })).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Link to join' }).inputValue();
  expect(link).toMatch(/\/sermon\/join\/[^/?]+\?churchId=/);
  return { context, page, link };
}

/** A listener's phone on the share link, listening in `language` until it says "Connected". */
export async function joinAsGuest(browser: Browser, link: string, language: string, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2, hasTouch: true });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Listening language').selectOption(language);
  await page.getByRole('button', { name: 'Start listening' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  return { context, page, captions: page.getByRole('log', { name: 'Captions' }) };
}

/** Types lines into the speaker's screen as a person would: one line, Enter, the next. */
export async function typeLines(speaker: Page, lines: string[]) {
  const typed = speaker.getByRole('textbox', { name: 'Type or paste a line' });
  for (const line of lines) {
    await typed.fill(line);
    await typed.press('Enter');
  }
}

/** Stops the sermon from the speaker's screen, confirming, so no journey leaves one live for the next. */
export async function stopSermon(speaker: Page) {
  await speaker.getByRole('button', { name: 'Stop' }).click();
  await speaker.getByRole('dialog').getByRole('button', { name: 'Stop the sermon' }).click();
  await expect(speaker.getByText('This sermon has ended')).toBeVisible();
}
