/**
 * What each first page makes a phone download: serves the built web app with the real server
 * (web-visits.ts), opens each page in Chromium as its real visitor would and sums, for every
 * JavaScript file the page loaded, the bytes that crossed the wire (brotli, as Chromium asks for it)
 * and the file gzipped. Builds nothing itself; prints one JSON object last.
 *
 *   npm run build -w apps/web && npm run test:size
 *
 * Each page has a budget of bytes over the wire (decision 031): a regression guard a little above
 * what the React build downloads, not a speed target (Lighthouse, `npm run bench:web`, is). The run
 * exits 1 when a page passes its budget, or when a JavaScript file came uncompressed; `npm test` runs it.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { eachVisit, startWebBench, storedUserScript, type Ready, type Visit } from './web-visits';

/**
 * KB of JavaScript over the wire (brotli) per page: about 8% above the React build's (decision 031).
 * The main app's pages carry the vendor code in two chunks rather than dozens (about 45 KB more, with
 * Mantine components no first page needs, for a third of the requests): their budgets allow that.
 */
export const wireBudgetKb: Record<string, number> = {
  lobbyBefore: 145,
  joinlive: 115,
  sermonJoin: 140,
  lobby: 145,
  signIn: 270,
  signUp: 270,
  dashboardMember: 290,
  // The administrator's dashboard opens on the last 30 days with its charts (spec section 6, the
  // first view made useful): the chart library's chunk (about 105 KB) comes with the first view.
  dashboardAdmin: 395,
};

export interface Bytes {
  files: number;
  /** KB as they crossed the wire, after the server's Content-Encoding. */
  wireKb: number;
  gzipKb: number;
  rawKb: number;
  /** Files that came without a Content-Encoding. */
  uncompressed: string[];
}

function locate(page: Page, ready: Ready) {
  if ('role' in ready) return page.getByRole(ready.role, { name: ready.name }).first();
  if ('text' in ready) return page.getByText(ready.text, { exact: true }).first();
  return page.locator(ready.selector).first();
}

const kb = (n: number) => Math.round(n / 102.4) / 10;

/** Opens `visit` in a fresh phone-sized context and counts the JavaScript it downloaded. */
export async function measureBytes(browser: Browser, base: string, name: string, visit: Visit): Promise<Bytes> {
  // A phone, in English so the readiness checks can find things by their names.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-AU', hasTouch: true });
  try {
    if (visit.as) {
      const { cookie } = visit.as;
      await context.addCookies([{ name: cookie.split('=')[0]!, value: cookie.slice(cookie.indexOf('=') + 1), url: base }]);
    }
    await context.addInitScript(storedUserScript(visit.as));
    const page = await context.newPage();
    const loads: Array<Promise<{ file: string; raw: number; gz: number; wire: number; encoding: string | null }>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const file = res.url().split('/').pop() ?? '';
      loads.push(
        Promise.all([res.body(), res.request().sizes(), res.headerValue('content-encoding')]).then(
          ([body, sizes, encoding]) => ({ file, raw: body.length, gz: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize, encoding }),
          () => ({ file, raw: 0, gz: 0, wire: 0, encoding: 'lost' }),
        ),
      );
    });
    await page.goto(`${base}${visit.url}`, { waitUntil: 'networkidle' });
    await locate(page, visit.ready).waitFor({ timeout: 20_000 }).catch(async (err) => {
      // Which page it was and what it showed, so a failed run says more than a timeout.
      console.log(`${name}: ${page.url()} showed ${JSON.stringify((await page.locator('body').innerText()).slice(0, 300))}`);
      throw err;
    });
    if (visit.listens) {
      await page.getByRole('button', { name: 'Start listening' }).click({ timeout: 15_000 });
      await page.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const files = await Promise.all(loads);
    if (process.env.VERBOSE) {
      for (const f of [...files].sort((a, b) => b.wire - a.wire).slice(0, Number(process.env.VERBOSE) || 12)) {
        console.log(`  ${name} ${kb(f.wire).toFixed(1).padStart(6)} KB  ${f.encoding ?? 'identity'}  ${f.file}`);
      }
    }
    const sum = (pick: (f: (typeof files)[number]) => number) => kb(files.reduce((n, f) => n + pick(f), 0));
    return {
      files: files.length,
      wireKb: sum((f) => f.wire),
      gzipKb: sum((f) => f.gz),
      rawKb: sum((f) => f.raw),
      uncompressed: files.filter((f) => !f.encoding).map((f) => f.file),
    };
  } finally {
    await context.close();
  }
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

if (process.argv[1]?.endsWith('web-bundle-size.ts')) {
  const bench = await startWebBench();
  const browser = await launchChromium();
  const result: Record<string, Bytes> = {};
  try {
    await eachVisit(bench, async (name, visit) => {
      result[name] = await measureBytes(browser, bench.base, name, visit);
    });
  } finally {
    await browser.close();
    await bench.stop();
  }
  let failed = false;
  for (const [name, r] of Object.entries(result)) {
    const budget = wireBudgetKb[name] ?? 0;
    const notes = [r.wireKb > budget ? `OVER the ${budget} KB budget` : '', r.uncompressed.length ? `UNCOMPRESSED: ${r.uncompressed.join(', ')}` : ''].filter(Boolean);
    failed ||= notes.length > 0;
    console.log(`${name.padEnd(16)} ${String(r.files).padStart(3)} files  ${r.wireKb} KB over the wire (budget ${budget}), ${r.gzipKb} KB gzipped, ${r.rawKb} KB raw  ${notes.join('  ')}`);
  }
  console.log(JSON.stringify(result));
  if (failed) process.exitCode = 1;
}
