/**
 * bench:voice's real phones: Chromium pages at 390×844 on the sermon's join link, each listening to
 * one language with the voice on, as a member does. The page's audio goes through the journeys' ear
 * (apps/web/e2e/voice-ear.ts), an AudioWorklet on the audio thread that notes each word-tone as it
 * is played and every tone run's length, so a word cut short or a piece of one played again (a
 * scrap) is heard. One page may be locked (its scripts stopped for a while, as a locked phone's
 * are) and one may sit behind a poor link (slow-link.ts). Needs the web app built (apps/web/dist).
 *
 * BENCH_PAGE_LOG=1 prints each page's console and errors, the speed changes and stalls around every
 * scrap, how often and how long each element waited for data, and leaves a screenshot and the
 * element's events of each phone in the temporary folder: what found that a speed change cuts a word
 * (decision 046) and where a shown phone's waits come from (decision 066).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { allTones } from '../apps/server/test/mock-azure/spoken-audio';
import type { Played } from './voice-ears';
import { startSlowLink, type SlowLink } from './slow-link';

export interface PagePhone {
  language: string;
  /** What the phone is, as printed: "pt", "pt locked 20 s", "es on 64 kbit/s, 300 ms". */
  name: string;
  page: Page;
  context: BrowserContext;
  link: SlowLink | null;
  lockS: number;
  /** How long its link carries nothing, once (bench/voice.ts says when). */
  hiccupMs: number;
}

export interface PageHearing {
  played: Played[];
  /** Tone runs much shorter than a word: a word cut, or a piece of one played again. */
  scraps: Array<{ tone: number; at: number; ms: number }>;
  /** Bytes that crossed the phone's slow link towards it, if it had one. */
  linkBytes: number | null;
  /** Whether the element was fed through Media Source from a worker (decision 039). */
  workerFed: boolean;
}

/** A word of the loopback voice sounds 0.8 of 0.40 s, about 0.25 s at the top speed of 1.3×; a run under 0.16 s is not a word. */
export const SCRAP_MAX_MS = 160;

export interface PageOptions {
  url: string;
  broadcastId: string;
  churchId: string;
  /** One phone per entry. */
  phones: Array<{ language: string; lockS?: number; link?: { kbps: number; latencyMs: number }; hiccupMs?: number }>;
}

// The ear runs in the page: its module is typed by the web app's configuration (the DOM), not by
// the server's, which checks this folder, so it is imported by a path TypeScript does not follow.
const EAR_MODULE: string = '../apps/web/e2e/voice-ear';
const earInstaller = async () => ((await import(EAR_MODULE)) as { installVoiceEar: (tones: number[]) => void }).installVoiceEar;

/**
 * What the page did to its element, and what the element did, with when (page time): the speed
 * changes, seeks and stalls a scrap may follow (only with BENCH_PAGE_LOG).
 */
const WATCH_ELEMENT = `
  window.__events = [];
  const watched = new WeakSet();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!watched.has(this)) {
      watched.add(this);
      const a = this;
      const note = (type) => {
        const b = a.buffered.length ? a.buffered.end(a.buffered.length - 1) : 0;
        window.__events.push({ type, at: Date.now(), t: a.currentTime, rate: a.playbackRate, ahead: b - a.currentTime });
      };
      for (const type of ['waiting', 'playing', 'ratechange', 'seeking', 'seeked', 'stalled', 'pause']) a.addEventListener(type, () => note(type));
      window.__noteBytes = () => note('bytes');
    }
    return play.call(this);
  };
  // When the worker's bytes reach the page: how long a waiting element takes to play what came.
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => { if (e.data && e.data.type === 'bytes' && !e.data.bridged) window.__noteBytes?.(); });
    }
  };`;

export async function launchPhones(opts: PageOptions): Promise<{ browser: Browser; phones: PagePhone[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--autoplay-policy=no-user-gesture-required'] });
  const phones: PagePhone[] = [];
  for (const spec of opts.phones) {
    const link = spec.link ? await startSlowLink(opts.url, spec.link) : null;
    const base = link?.url ?? opts.url;
    // A Brazilian phone, as the journeys' Portuguese listener: the labels below are its own.
    // An Android phone's Chrome says so; headless Chromium's own user agent ("HeadlessChrome/") is
    // one no phone sends, and the page would take it for a browser it does not know.
    const context = await browser.newContext({ userAgent: devices['Pixel 7'].userAgent, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, locale: 'pt-BR', bypassCSP: true, baseURL: base });
    // tsx compiles the ear keeping function names, through a helper (`__name`) that is not in the page.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await context.addInitScript(await earInstaller(), allTones());
    if (process.env.BENCH_PAGE_LOG) await context.addInitScript({ content: WATCH_ELEMENT });
    const page = await context.newPage();
    if (process.env.BENCH_PAGE_LOG) {
      page.on('console', (m) => process.stderr.write(`[${spec.language}] ${m.text()}\n`));
      page.on('pageerror', (e) => process.stderr.write(`[${spec.language}] error ${e.message}\n`));
      page.on('worker', (w) => { process.stderr.write(`[${spec.language}] worker ${w.url()}\n`); w.on('console', (m) => process.stderr.write(`[${spec.language} worker] ${m.text()}\n`)); });
      page.on('requestfailed', (r) => process.stderr.write(`[${spec.language}] failed ${r.url()} ${r.failure()?.errorText}\n`));
    }
    await page.goto(`/sermon/join/${opts.broadcastId}?churchId=${opts.churchId}`, { timeout: 120_000 });
    await page.getByLabel('Idioma para ouvir').selectOption(spec.language);
    await page.getByRole('switch', { name: 'Voz' }).check();
    await page.getByRole('button', { name: 'Começar a ouvir' }).click();
    await page.getByText('Conectado', { exact: true }).waitFor({ timeout: 120_000 });
    const name = [spec.language, spec.lockS ? `locked ${spec.lockS} s` : '', spec.hiccupMs ? `with a ${spec.hiccupMs / 1000} s hiccup` : spec.link ? `on ${spec.link.kbps} kbit/s, ${spec.link.latencyMs} ms` : ''].filter(Boolean).join(' ');
    phones.push({ language: spec.language, name, page, context, link, lockS: spec.lockS ?? 0, hiccupMs: spec.hiccupMs ?? 0 });
  }
  return { browser, phones };
}

/**
 * The page's visibility as a phone's OS sets it: hidden while its screen is locked (MDN,
 * Document.visibilityState), with the event a page hears. The cross-browser journey hides its page
 * for real, with another tab in front (apps/web/browsers/phones.ts), but Playwright's headless
 * Chromium keeps each page in a window of its own: a page brought to the front in the same context,
 * or a tab made with `Target.createTarget` and activated, left it visible (tried). So the state is
 * given in the page and the event sent as the browser would.
 */
const setVisibility = (state: 'hidden' | 'visible') => `(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${state === 'hidden'} });
  document.dispatchEvent(new Event('visibilitychange'));
})()`;

/**
 * Locks a phone: its page is told it is hidden, as a locked phone's is, and then no script of it
 * runs for `lockS` seconds (the element must play on). Unlocked, scripts run again and it is shown.
 */
export async function lock(phone: PagePhone): Promise<void> {
  const cdp = await phone.context.newCDPSession(phone.page);
  await phone.page.evaluate(setVisibility('hidden'));
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  setTimeout(() => {
    void cdp.send('Emulation.setScriptExecutionDisabled', { value: false })
      .then(() => phone.page.evaluate(setVisibility('visible')))
      .catch(() => undefined);
  }, phone.lockS * 1000);
}

export async function hearing(phone: PagePhone): Promise<PageHearing> {
  if (process.env.BENCH_PAGE_LOG) {
    await phone.page.screenshot({ path: `/tmp/phone-${phone.language}.png` });
    process.stderr.write(`${await phone.page.evaluate<string>(`JSON.stringify({ played: window.__played.map((a) => ({ src: a.src, paused: a.paused, t: a.currentTime, rs: a.readyState, err: a.error && a.error.message })), heard: window.__heard.length, loud: window.__loudMs })`)}\n`);
  }
  // Read in the page (its own globals, set by the ear).
  const got = await phone.page.evaluate<{ heard: Played[]; runs: Array<{ tone: number; at: number; ms: number }>; workerFed: boolean; events: Array<{ type: string; at: number; t: number; rate: number; ahead: number }> }>(`({
    events: window.__events ?? [],
    heard: window.__heard,
    runs: window.__runs,
    workerFed: window.__played.some((a) => typeof MediaSourceHandle !== 'undefined' && a.srcObject instanceof MediaSourceHandle),
  })`);
  if (process.env.BENCH_PAGE_LOG) {
    const file = path.join(os.tmpdir(), `phone-events-${phone.name.replace(/\W+/g, '_')}.json`);
    writeFileSync(file, JSON.stringify(got.events));
    process.stderr.write(`[${phone.name}] ${stallSummary(got.events, got.heard.at(-1)?.at ?? Infinity)}; its element's events are in ${file}\n`);
    // Each scrap with the runs either side of it and what the element did in the half second before.
    for (const scrap of got.runs.filter((r) => r.ms < SCRAP_MAX_MS)) {
      const i = got.runs.indexOf(scrap);
      const near = got.runs.slice(Math.max(0, i - 2), i + 3).map((r) => `${r.tone}Hz ${Math.round(r.ms)}ms @${r.at - scrap.at}`).join(' | ');
      const before = got.events.filter((e) => e.at > scrap.at - 1500 && e.at < scrap.at + 300).map((e) => `${e.type} ${e.at - scrap.at}ms rate ${e.rate.toFixed(2)} ahead ${e.ahead.toFixed(2)}`).join('; ');
      process.stderr.write(`[${phone.name}] scrap: ${near} || ${before}\n`);
    }
  }
  return {
    played: got.heard,
    scraps: got.runs.filter((r) => r.ms < SCRAP_MAX_MS),
    linkBytes: phone.link?.bytesDown() ?? null,
    workerFed: got.workerFed,
  };
}

export async function closePhones(browser: Browser, phones: PagePhone[]): Promise<void> {
  for (const p of phones) {
    await p.context.close().catch(() => undefined);
    await p.link?.close();
  }
  await browser.close();
}

/**
 * How often the element waited for data between its first play and the sermon's last word heard
 * (after it the stream runs dry by design), and for how long in all.
 */
function stallSummary(events: ReadonlyArray<{ type: string; at: number }>, lastWordAt: number): string {
  const waits: number[] = [];
  let since: number | null = null;
  for (const e of events) {
    if (e.type === 'waiting' && since === null) since = e.at;
    if (e.type === 'playing' && since !== null) {
      if (since < lastWordAt) waits.push(e.at - since);
      since = null;
    }
  }
  const after = waits.slice(1);
  const total = after.reduce((a, b) => a + b, 0);
  return `waited for data ${after.length} times between its first play and the last word, ${(total / 1000).toFixed(1)} s in all, the longest ${(Math.max(0, ...after) / 1000).toFixed(2)} s`;
}
