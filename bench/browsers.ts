/**
 * The listener's page in every engine a congregation carries (decision 049), measured:
 *
 *   npm run bench:browsers -- [--runs 3] [--engines firefox,webkit,chromium]
 *
 * Runs the cross-browser journey (apps/web/browsers/listener.spec.ts) `runs` times: in Firefox ESR,
 * WebKitGTK and Chromium by its own headless user agent, at 390×844, a guest joins by the church's
 * link, the sermon goes live, the voice is turned on with a tap and heard through an ear on what the
 * page plays, the page is hidden for two lines. Each run prints its figures per engine; this
 * gathers them: the words heard, the voice's delay after each word was said (median, p95), and the
 * captions' delay after each line settled. The targets (issue of every browser): at least 99% of the
 * words heard and a median of at most 4 s in every engine. Needs the web build (`npm run build`),
 * Firefox ESR, WebKitGTK's driver, Xvfb and PulseAudio (`bash .ci/run` installs them).
 *
 * The last line printed is one JSON object.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './ipc';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, engines: { type: 'string', default: 'firefox,webkit,chromium' } } });
const runs = Number(values.runs);
const engines = values.engines.split(',');
const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');

interface Figures {
  engine: string;
  words: number;
  heardShare: number;
  voiceMedianS: number;
  voiceP95S: number;
  captionMedianS: number;
}

/** One run of the journey; the figures each engine printed (an engine that failed before them prints none). */
function journey(): Promise<{ figures: Figures[]; passed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'e2e:browsers', '--', '-g', engines.join('|')], { cwd: web, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CI: '' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      const figures = out.split('\n').flatMap((line) => {
        const m = /^(firefox|webkit|chromium): (\{.*\})$/.exec(line.trim());
        return m ? [JSON.parse(m[2]!) as Figures] : [];
      });
      resolve({ figures, passed: code === 0 });
    });
  });
}

const all: Figures[] = [];
let passedRuns = 0;
for (let i = 0; i < runs; i++) {
  const { figures, passed } = await journey();
  all.push(...figures);
  if (passed) passedRuns++;
}

const median = (xs: number[]) => (xs.length ? percentile([...xs].sort((a, b) => a - b), 50) : null);
const byEngine = Object.fromEntries(
  engines.map((engine) => {
    const mine = all.filter((f) => f.engine === engine);
    const words = mine.reduce((n, f) => n + f.words, 0);
    const heard = mine.reduce((n, f) => n + Math.round(f.heardShare * f.words), 0);
    return [
      engine,
      {
        runs: mine.length,
        heardShare: words ? Math.round((heard / words) * 1000) / 1000 : null,
        voiceMedianS: median(mine.map((f) => f.voiceMedianS)),
        worstRunMedianS: mine.length ? Math.max(...mine.map((f) => f.voiceMedianS)) : null,
        voiceP95S: median(mine.map((f) => f.voiceP95S)),
        captionMedianS: median(mine.map((f) => f.captionMedianS)),
      },
    ];
  }),
);
for (const [engine, f] of Object.entries(byEngine)) {
  process.stdout.write(`${engine.padEnd(8)} ${f.runs} runs: ${f.heardShare === null ? '–' : (f.heardShare * 100).toFixed(1)}% of words heard, voice ${f.voiceMedianS} s median (worst run ${f.worstRunMedianS} s, p95 ${f.voiceP95S} s), captions ${f.captionMedianS} s after the line settled\n`);
}
const met = Object.values(byEngine).every((f) => f.runs === runs && (f.heardShare ?? 0) >= 0.99 && (f.voiceMedianS ?? Infinity) <= 4);
process.stdout.write(`${JSON.stringify({ bench: 'browsers', runs, passedRuns, engines: byEngine, targets: { heardShare: 0.99, voiceMedianS: 4 }, met })}\n`);
