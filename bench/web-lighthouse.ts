/**
 * How fast each first page feels on a phone: Lighthouse's mobile preset (simulated slow 4G, 150 ms
 * round trips at 1.6 Mbit/s, 4× CPU slowdown) on the built web app served by the real server
 * (web-visits.ts), RUNS times per page (3 unless set), with Debian's Chromium (CHROMIUM_PATH) and
 * nothing downloaded. Prints the medians of the performance score, LCP, CLS, TBT and FCP, and the
 * JavaScript each page downloads over the wire and gzipped (web-bundle-size.ts), one JSON line last.
 *
 *   npm run bench:web                 # builds the web app first
 *   PAGES=signIn,lobby RUNS=5 node --import tsx bench/web-lighthouse.ts
 *   REPORT_DIR=/tmp/lh …              # keeps each run's full Lighthouse report (JSON) to see where the time went
 *   SERVER_DIR=/path/to/other/checkout WEB_DIST=/path/to/other/checkout/apps/web/dist …  # its server and build
 *
 * Targets (decision 031): performance ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.1 on sign-in, the lobby (before and
 * during a service), the sermon's share link and /joinlive; performance ≥ 80 and LCP ≤ 3.5 s on the
 * member's and the administrator's dashboards; sign-up is measured without one. The run exits 1 when a
 * median misses its target.
 * The simulation scales the CPU time it observed: on a busy machine the figures are worse than on
 * a quiet one, so the load average is printed with them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { launchChromium, measureBytes, type Bytes } from './web-bundle-size';
import { eachVisit, startWebBench, storedUserScript, type Visit } from './web-visits';

const runs = Number(process.env.RUNS ?? 3);
const only = process.env.PAGES?.split(',');
const dashboards = new Set(['dashboardMember', 'dashboardAdmin']);
// Sign-up is measured for reference; it has no target.
const target = (name: string) => (name === 'signUp' ? null : dashboards.has(name) ? { score: 80, lcpMs: 3500, cls: 0.1 } : { score: 90, lcpMs: 2500, cls: 0.1 });

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const driver = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/** One Lighthouse run of `visit` from a cold cache, with the visitor's cookie and stored sign-in values. */
async function lighthouseRun(base: string, visit: Visit): Promise<Figures> {
  const page = await driver.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    if (visit.as) {
      const { cookie } = visit.as;
      await cdp.send('Network.setCookie', { name: cookie.split('=')[0]!, value: cookie.slice(cookie.indexOf('=') + 1), url: base });
    }
    await page.evaluateOnNewDocument(storedUserScript(visit.as));
    const result = await lighthouse(`${base}${visit.url}`, { logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${visit.url}`);
    if (lhr.runtimeError) throw new Error(`${visit.url}: ${lhr.runtimeError.message}`);
    // A redirect (to sign-in, or a signed-out page to the dashboard) would measure another page.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(`${base}${visit.url}`).pathname) throw new Error(`${visit.url} ended on ${landed}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (process.env.REPORT_DIR) {
      mkdirSync(process.env.REPORT_DIR, { recursive: true });
      writeFileSync(`${process.env.REPORT_DIR}/${visit.url.replace(/\W+/g, '_')}-${Date.now()}.json`, JSON.stringify(lhr));
    }
    if (process.env.VERBOSE) {
      const element = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];
      console.log(`  ${visit.url}: LCP element ${element ?? 'none'}`);
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(value('largest-contentful-paint')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(value('total-blocking-time')),
      fcpMs: Math.round(value('first-contentful-paint')),
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is made again, twice at most. */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3 || !/trace|NO_NAVSTART|NO_FCP/i.test(String(err))) throw err;
      console.log(`  again after: ${String(err).slice(0, 160)}`);
    }
  }
}

const bench = await startWebBench();
const bytesBrowser = await launchChromium();
const result: Record<string, Figures & { runs: Figures[]; js: Bytes }> = {};
try {
  await eachVisit(bench, async (name, visit) => {
    if (only && !only.includes(name)) return;
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) all.push(await withRetries(() => lighthouseRun(bench.base, visit)));
    const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
    const js = await measureBytes(bytesBrowser, bench.base, name, visit);
    result[name] = { score: pick('score'), lcpMs: pick('lcpMs'), cls: pick('cls'), tbtMs: pick('tbtMs'), fcpMs: pick('fcpMs'), runs: all, js };
    const r = result[name]!;
    console.log(
      `${name.padEnd(16)} performance ${String(r.score).padStart(3)}  LCP ${(r.lcpMs / 1000).toFixed(2)} s  CLS ${r.cls.toFixed(3)}  ` +
        `TBT ${r.tbtMs} ms  FCP ${(r.fcpMs / 1000).toFixed(2)} s  JS ${r.js.wireKb} KB over the wire, ${r.js.gzipKb} KB gzipped  ` +
        `(scores ${all.map((f) => f.score).join('/')})`,
    );
  });
} finally {
  await bytesBrowser.close();
  await driver.disconnect();
  chrome.kill();
  await bench.stop();
}
const missed = Object.entries(result).filter(([name, r]) => {
  const t = target(name);
  return t !== null && (r.score < t.score || r.lcpMs > t.lcpMs || r.cls > t.cls);
});
console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} on ${os.cpus().length} cores; ${runs} runs per page, medians`);
if (missed.length) console.log(`missed the targets: ${missed.map(([name]) => name).join(', ')}`);
console.log(JSON.stringify({ loadAverage: os.loadavg()[0], runs, pages: Object.fromEntries(Object.entries(result).map(([n, r]) => [n, { ...r, runs: undefined }])) }));
if (missed.length) process.exitCode = 1;
