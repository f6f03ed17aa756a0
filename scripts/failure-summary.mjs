// The failed tests of a stage, read from its JSON report, in a few lines each (decision 050).
// CI keeps only the end of a long log: a stage's own failure list scrolls away under the stages after
// it, so the suite prints this summary again beside its table of times.
import { existsSync, readFileSync } from 'node:fs';

const LINES_PER_FAILURE = 12;
const MAX_FAILURES = 15;

const clip = (message = '') =>
  message.replace(new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g'), '').split('\n').filter((l) => l.trim() && !l.includes('node_modules')).slice(0, LINES_PER_FAILURE).map((l) => `      ${l}`);

/** Vitest's JSON report (Jest's shape): a failed test's name, file and first lines of its error. */
function fromVitest(report) {
  const failed = [];
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failed.push({ title: `${file.name.replace(process.cwd() + '/', '')} › ${t.fullName}`, lines: clip(t.failureMessages?.[0]) });
    }
    // A file that could not load has no tests, only a message.
    if (!file.assertionResults?.length && file.status === 'failed') failed.push({ title: file.name, lines: clip(file.message) });
  }
  return failed;
}

/** Playwright's JSON report: a journey whose last try failed (a retried pass is flaky, not failed). */
function fromPlaywright(report) {
  const failed = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.[t.results.length - 1];
        if (last && !['passed', 'skipped'].includes(last.status)) failed.push({ title: `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`, lines: clip(last.error?.message) });
      }
    }
    // A file is a suite of its own; its title is the file's name, already in `spec.file`.
    for (const child of suite.suites ?? []) walk(child, child.title.endsWith('.ts') ? path : [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failed;
}

/** Vitest's "Unhandled Errors" block of a stage's output: it fails the run with every test passed. */
function unhandled(output = '') {
  const at = output.indexOf('Unhandled Error');
  if (at < 0) return [];
  const block = output.slice(at);
  // Where Vitest says it came from: the file that was running, often far below a long error.
  const origin = block.split('\n').find((l) => l.includes('error originated in'));
  return [...clip(block).filter((l) => !l.includes('Serialized Error')), ...(origin ? [`      ${origin.trim()}`] : [])];
}

/** The summary lines for one stage's report (and its output), or a line saying there is none. */
export function failureSummary(stageName, reportPath, output = '') {
  if (!existsSync(reportPath)) return [`  ${stageName}: no report was written (the stage stopped before its tests ran)`];
  let failed;
  try {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    failed = 'testResults' in report ? fromVitest(report) : fromPlaywright(report);
  } catch (err) {
    return [`  ${stageName}: its report could not be read (${err.message})`];
  }
  if (!failed.length) {
    const outside = unhandled(output);
    if (outside.length) return [`  ${stageName}: every test passed, but an error was thrown outside them`, ...outside];
    return [`  ${stageName}: no failed test in its report (see the stage's own output)`];
  }
  const lines = [`  ${stageName}: ${failed.length} failed`];
  for (const f of failed.slice(0, MAX_FAILURES)) lines.push(`    ✘ ${f.title}`, ...f.lines);
  if (failed.length > MAX_FAILURES) lines.push(`    … and ${failed.length - MAX_FAILURES} more`);
  return lines;
}
