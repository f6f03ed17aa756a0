#!/usr/bin/env node
// The whole suite, stage by stage, timed (decision 050): `npm test` and CI (`.ci/run`) run this.
// Every stage runs even when one before it failed, so one run shows every failure; only the stages
// that need the web build (journeys, page weights) are skipped when the build failed. At the end a
// table gives each stage's seconds, so a stage that grows slow shows in every CI log, and the exit
// code is non-zero when any stage failed.
//
//   node scripts/test-all.mjs                # every stage
//   node scripts/test-all.mjs server web     # the named stages only
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failureSummary } from './failure-summary.mjs';

/** Where the test stages write their JSON reports, read again for the failure summary at the end. */
const reports = mkdtempSync(join(tmpdir(), 'test-reports-'));
const vitestReport = (name) => ['--', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${name}.json`)}`];

/** The stages in order; the stages of one step run at the same time. */
const steps = [
  // Type-check and lint each keep one core busy: side by side they take the longer one's time.
  [{ name: 'type-check', command: ['npm', 'run', 'typecheck'] }, { name: 'lint', command: ['npm', 'run', 'lint'] }],
  [{ name: 'server units', report: 'server', command: ['npm', 'run', 'test', '-w', 'apps/server', ...vitestReport('server')] }],
  [{ name: 'shared units', report: 'shared', command: ['npm', 'run', 'test', '-w', 'packages/shared', ...vitestReport('shared')] }],
  [{ name: 'web units', report: 'web', command: ['npm', 'run', 'test', '-w', 'apps/web', ...vitestReport('web')] }],
  [{ name: 'build', command: ['npm', 'run', 'build'] }],
  [{ name: 'journeys', needs: 'build', report: 'journeys', env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, 'journeys.json') }, command: ['npm', 'run', 'e2e', '-w', 'apps/web', '--', '--reporter=list,json'] }],
  // The listener's page in Firefox ESR, WebKitGTK and Chromium by its own user agent (decision 049).
  [{ name: 'other browsers', needs: 'build', report: 'browsers', env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, 'browsers.json') }, requires: ['/usr/bin/firefox-esr', '/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run', '/usr/bin/pulseaudio'], command: ['npm', 'run', 'e2e:browsers', '-w', 'apps/web', '--', '--reporter=list,json'] }],
  [{ name: 'page weights', needs: 'build', command: ['npm', 'run', 'test:size'] }],
];

/**
 * Runs one stage's command; resolves to its result and seconds. A test stage's output is passed
 * through and also kept, for the summary of what failed outside any test (an unhandled error).
 */
function run(stage) {
  const [command, ...args] = stage.command;
  const started = performance.now();
  return new Promise((resolve) => {
    const kept = [];
    const done = (ok) => resolve({ name: stage.name, report: stage.report, output: kept.join(''), status: ok ? 'passed' : 'FAILED', seconds: (performance.now() - started) / 1000 });
    const child = spawn(command, args, { stdio: stage.report ? ['inherit', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...stage.env } });
    if (stage.report) {
      child.stdout.on('data', (chunk) => (process.stdout.write(chunk), kept.push(chunk.toString())));
      child.stderr.on('data', (chunk) => (process.stderr.write(chunk), kept.push(chunk.toString())));
    }
    child.on('exit', (code, signal) => done(code === 0 && !signal));
    child.on('error', () => done(false));
  });
}

const wanted = process.argv.slice(2);
const results = [];
const suiteStarted = performance.now();
for (const step of steps) {
  const stages = step.filter((stage) => !wanted.length || wanted.some((w) => stage.name.includes(w)));
  const runs = [];
  for (const stage of stages) {
    const needed = stage.needs && results.find((r) => r.name === stage.needs);
    const missing = (stage.requires ?? []).filter((path) => !existsSync(path));
    if (needed && needed.status !== 'passed') results.push({ name: stage.name, status: 'skipped', seconds: 0 });
    else if (missing.length) {
      // What `.ci/run` installs; a machine without it is told what the stage needs (README).
      console.log(`\n━━ ${stage.name}: skipped, this machine lacks ${missing.join(', ')} (bash .ci/run installs them) ━━`);
      results.push({ name: stage.name, status: 'skipped', seconds: 0 });
    } else runs.push(stage);
  }
  if (!runs.length) continue;
  console.log(`\n━━ ${runs.map((r) => r.name).join(' + ')} ━━`);
  results.push(...(await Promise.all(runs.map(run))));
}

const wall = (performance.now() - suiteStarted) / 1000;
const width = Math.max(...results.map((r) => r.name.length), 'whole suite (wall)'.length);
console.log('\nStage times (seconds; type-check and lint run side by side):');
for (const r of results) console.log(`  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(6)}  ${r.status}`);
console.log(`  ${'whole suite (wall)'.padEnd(width)}  ${wall.toFixed(0).padStart(6)}`);
const failedReports = results.filter((r) => r.status === 'FAILED' && r.report);
if (failedReports.length) {
  console.log("\nWhat failed (each stage's own output above has the whole story):");
  for (const r of failedReports) console.log(failureSummary(r.name, join(reports, `${r.report}.json`), r.output).join('\n'));
}
process.exit(results.some((r) => r.status === 'FAILED') ? 1 : 0);
