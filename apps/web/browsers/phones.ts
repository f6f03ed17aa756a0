import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { WebDriverSession } from './webdriver';

/**
 * A phone's page in one of the engines a congregation carries (decision 049), driven through the
 * engine's own driver: Firefox ESR through WebDriver BiDi (puppeteer-core), WebKitGTK through its
 * WebKitWebDriver (classic WebDriver), and Chromium with its own headless user agent through
 * puppeteer-core. Every step is a real tap or a script in the page, so the one journey runs in each.
 */
export interface Phone {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  /** Runs a function body in the page (`arguments` are `args`); its value must be JSON. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  /** A real tap at a point of the page (a user's gesture: the page may start sound). */
  tap(x: number, y: number): Promise<void>;
  /** Another tab in front, so this page is hidden (as a locked phone's is), and back. */
  hide(): Promise<void>;
  show(): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export type Engine = 'firefox' | 'webkit' | 'chromium';
export const VIEWPORT = { width: 390, height: 844 };

export function openPhone(engine: Engine, driverPort: number): Promise<Phone> {
  if (engine === 'webkit') return openWebKit(driverPort);
  return openPuppeteer(engine);
}

async function openPuppeteer(engine: 'firefox' | 'chromium'): Promise<Phone> {
  const browser: Browser = await puppeteer.launch(
    engine === 'firefox'
      ? {
          browser: 'firefox',
          executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
          // A window on the journeys' X display, not headless: headless Firefox once left switching
          // tabs unanswered for 20 s while it played a stream (it waits for a focus that never comes).
          headless: !process.env.DISPLAY,
          // Firefox asks for nothing on loopback: no updates, no telemetry, no first-run pages.
          extraPrefsFirefox: { 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false },
        }
      : {
          browser: 'chrome',
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          // Its own user agent ('HeadlessChrome/'): the page must choose by what it can do.
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
  );
  // The tab that will cover the page (a locked phone) is opened now, before the page: opening a tab
  // while Firefox plays a stream once took more than 20 s. Hiding is then bringing it to the front.
  const cover: Page = await browser.newPage();
  const page: Page = await browser.newPage();
  await page.bringToFront();
  await page.setViewport({ ...VIEWPORT, deviceScaleFactor: 2 });
  return {
    engine,
    goto: async (url) => {
      await page.goto(url);
    },
    run: <T>(body: string, ...args: unknown[]) => within(page.evaluate(`(async function () { ${body} }).apply(null, ${JSON.stringify(args)})`) as Promise<T>, body),
    tap: (x, y) => page.mouse.click(x, y),
    // Firefox sometimes never answers a tab switch it has made (its remote agent waits for the new
    // tab's first paint): the journey goes on, and the page says afterwards how long it was hidden.
    hide: () => unanswered(cover.bringToFront(), 'the other tab in front'),
    show: () => unanswered(page.bringToFront(), 'the page in front'),
    screenshot: async (path) => {
      await page.screenshot({ path: path as `${string}.png` });
    },
    close: () => browser.close(),
  };
}

async function openWebKit(port: number): Promise<Phone> {
  const driver: ChildProcess = spawn(process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  let session: WebDriverSession | null = null;
  for (let i = 0; i < 50 && !session; i++) {
    session = await WebDriverSession.start(base, { 'webkitgtk:browserOptions': { args: ['--automation'] } }).catch(() => null);
    if (!session) await new Promise((r) => setTimeout(r, 200));
  }
  if (!session) throw new Error('WebKitWebDriver did not start');
  const s = session;
  await fitViewport(s);
  return {
    engine: 'webkit',
    goto: async (url) => {
      await s.goto(url);
    },
    run: async <T>(body: string, ...args: unknown[]) => {
      // Classic WebDriver's synchronous script returns a promise's value once it settles.
      return s.execute<T>(`return (async function () { ${body} }).apply(null, arguments);`, args);
    },
    tap: async (x, y) => {
      await s.actions([{ type: 'pointer', id: 'finger', parameters: { pointerType: 'mouse' }, actions: [
        { type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ] }]);
    },
    // Under Xvfb no window manager hides a window behind another: minimised, the page is hidden.
    hide: async () => {
      await s.minimize();
    },
    show: async () => {
      await s.setWindowRect(VIEWPORT.width, VIEWPORT.height);
      await fitViewport(s);
    },
    screenshot: async (path) => {
      await writeFile(path, await s.screenshot());
    },
    close: async () => {
      await s.end().catch(() => undefined);
      driver.kill();
    },
  };
}

/** The window sized so its page is 390×844, whatever the window's own frame takes. */
async function fitViewport(s: WebDriverSession): Promise<void> {
  await s.setWindowRect(VIEWPORT.width, VIEWPORT.height);
  const inner = await s.execute<{ w: number; h: number }>('return { w: window.innerWidth, h: window.innerHeight };');
  await s.setWindowRect(2 * VIEWPORT.width - inner.w, 2 * VIEWPORT.height - inner.h);
}

/** A driver call whose answer is not needed: waited for a while, then left (saying so). */
async function unanswered(call: Promise<unknown>, what: string): Promise<void> {
  await within(call, what, 5_000).catch((err: Error) => console.log(`${err.message}: going on`));
}

/** A driver call that never answers fails the journey where it hangs, not at its time limit. */
function within<T>(call: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms: ${what.trim().slice(0, 80)}`)), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}
