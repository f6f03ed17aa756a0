#!/usr/bin/env node
// A developer's loop (decision 050): only the tests a change touches, in a minute or two.
//
//   npm run test:changed            # what is not committed yet
//   npm run test:changed -- main    # everything since main (a branch's whole change)
//
// Vitest runs the unit test files that import a changed file, directly or not (`--changed`), on
// PGlite only (CI repeats the database files on PostgreSQL). Playwright runs the journeys whose
// spec or e2e helper changed (`--only-changed`), against one server, after rebuilding the web app
// when its source changed. Type-check and lint cover the changed files' workspaces incrementally.
import { execFileSync, spawn } from 'node:child_process';

const since = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])];
if (!changed.length) {
  console.log(`Nothing changed since ${since}.`);
  process.exit(0);
}
console.log(`Changed since ${since}:\n  ${changed.join('\n  ')}`);

function run(command, args, options = {}) {
  console.log(`\n━━ ${[command, ...args].join(' ')}${options.cwd ? `  (in ${options.cwd})` : ''} ━━`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

const touches = (prefix) => changed.some((f) => f.startsWith(prefix));
const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
const results = [];
const started = performance.now();

if (lintable.length) results.push(await run('npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '--no-warn-ignored', ...lintable]));
for (const ws of ['packages/shared', 'apps/server', 'apps/web']) {
  if (touches(`${ws}/`) || touches('packages/shared/')) results.push(await run('npm', ['run', 'typecheck', '-w', ws]));
}
// Vitest follows imports across the workspace: a change to packages/shared runs both sides' tests that use it.
results.push(await run('npx', ['vitest', 'run', '--changed', since, '--passWithNoTests', '--project', 'pglite', '--project', 'pglite-isolated'], { cwd: 'apps/server' }));
results.push(await run('npx', ['vitest', 'run', '--changed', since, '--passWithNoTests'], { cwd: 'apps/web' }));
if (touches('apps/web/e2e/')) {
  const webSource = changed.some((f) => f.startsWith('apps/web/') && !f.startsWith('apps/web/e2e/'));
  if (webSource || touches('packages/shared/')) results.push(await run('npm', ['run', 'build', '-w', 'apps/web']));
  // One worker, one server: a changed journey or two need no second server's start-up.
  results.push(await run('npx', ['playwright', 'test', `--only-changed=${since}`, '--pass-with-no-tests'], { cwd: 'apps/web', env: { E2E_WORKERS: '1' } }));
}

console.log(`\ntest:changed: ${((performance.now() - started) / 1000).toFixed(0)} s, ${results.every(Boolean) ? 'passed' : 'FAILED'}`);
process.exit(results.every(Boolean) ? 0 : 1);
