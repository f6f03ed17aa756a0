/**
 * bench:latency's real phones (decision 058): Chromium pages at 390×844 on the sermon's join link,
 * each reading one language as a member does. The page notes, at the frame after each change, the
 * text of every caption line it shows (finals, and the line being said with its tentative tail),
 * read from the DOM the listener sees (caption-list.tsx marks each line with its seq); the same
 * judge as the simulated listeners' turns that into when each word was there and what was taken
 * back. Needs the web app built (apps/web/dist).
 */
import { chromium, devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Shown } from './latency-judge';

export interface ReadingPhone {
  language: string;
  page: Page;
  context: BrowserContext;
}

/**
 * Runs in the page: after each change to the document, at the next frame (when it is painted), the
 * text of each caption line, a final's over the line in progress of the same seq.
 */
const RECORD_SCREENS = `
  window.__screens = {};
  window.__finals = [];
  let queued = false;
  const record = () => {
    queued = false;
    const at = performance.timeOrigin + performance.now();
    const lines = new Map();
    for (const el of document.querySelectorAll('[data-caption-seq]')) {
      const seq = el.getAttribute('data-caption-seq');
      const final = el.hasAttribute('data-final');
      const textEl = el.hasAttribute('data-caption-text') ? el : el.querySelector('[data-caption-text]');
      if (!lines.has(seq) || final) lines.set(seq, { text: textEl ? textEl.textContent : '', final });
    }
    for (const [seq, line] of lines) {
      const list = (window.__screens[seq] ??= []);
      if (list.length === 0 || list[list.length - 1].text !== line.text) list.push({ at, text: line.text });
      if (line.final && !window.__finals.includes(Number(seq))) window.__finals.push(Number(seq));
    }
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(record);
  }).observe(document, { subtree: true, childList: true, characterData: true });`;

export async function launchReaders(url: string, broadcastId: string, churchId: string, languages: string[], voice: boolean): Promise<{ browser: Browser; phones: ReadingPhone[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const phones: ReadingPhone[] = [];
  for (const language of languages) {
    // A Brazilian Android phone, as bench:voice's (voice-pages.ts): the labels below are its own.
    const context = await browser.newContext({ userAgent: devices['Pixel 7'].userAgent, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, locale: 'pt-BR', baseURL: url });
    await context.addInitScript({ content: RECORD_SCREENS });
    const page = await context.newPage();
    await page.goto(`/sermon/join/${broadcastId}?churchId=${churchId}`, { timeout: 120_000 });
    await page.getByLabel('Idioma para ouvir').selectOption(language);
    if (voice) await page.getByRole('switch', { name: 'Voz' }).check();
    await page.getByRole('button', { name: 'Começar a ouvir' }).click();
    await page.getByText('Conectado', { exact: true }).waitFor({ timeout: 120_000 });
    phones.push({ language, page, context });
  }
  return { browser, phones };
}

/** What a phone showed: per seq, its line's text over time, and the seqs whose final it showed. */
export async function readScreens(phone: ReadingPhone, shot?: string): Promise<{ screens: Map<number, Shown[]>; finals: Set<number> }> {
  if (shot) await phone.page.screenshot({ path: shot });
  const got = await phone.page.evaluate<{ screens: Record<string, Shown[]>; finals: number[] }>('({ screens: window.__screens, finals: window.__finals })');
  return { screens: new Map(Object.entries(got.screens).map(([seq, list]) => [Number(seq), list])), finals: new Set(got.finals) };
}

/**
 * A screenshot of the phone and what its captions' live region gives a screen reader (the tentative
 * tail must not be in it), while the sermon runs: BENCH_PAGE_SHOTS=1 takes one every few seconds.
 */
export async function snapshot(phone: ReadingPhone, path: string): Promise<{ aria: string; tail: string }> {
  await phone.page.screenshot({ path });
  const aria = await phone.page.getByRole('log').ariaSnapshot();
  const tail = await phone.page.evaluate<string>(`[...document.querySelectorAll('[data-tentative]')].map((e) => e.textContent).join(' | ')`);
  return { aria, tail };
}

export async function closeReaders(browser: Browser, phones: ReadingPhone[]): Promise<void> {
  for (const p of phones) await p.context.close().catch(() => undefined);
  await browser.close();
}
