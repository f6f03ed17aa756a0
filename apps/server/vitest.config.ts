import { defineConfig } from 'vitest/config';

// The suite runs on embedded PGlite and, when TEST_DATABASE_URL is set, its database files run on
// PostgreSQL too: the modules' queries and transactions, the schema, the API-wide tests, and the live
// files that store a sermon, restart mid-sermon or share one across processes. The rest (engines,
// audio, the live pipeline's timing, the entry point's start-up) do the same few inserts or none
// on either, and ran twice for nothing (54 files; PostgreSQL's share of test time fell from 740 to 612 s).
const onPostgres = [
  'src/modules/**/*.test.ts',
  'src/db/**/*.test.ts',
  'test/*.test.ts',
  'src/live/{cluster,cluster-places,reliability,opening-writes,write-queue,minutes,live-metrics,spoken-at,server-line-time,catch-up-reads,chat-gateway}.test.ts',
  'src/live/voice/voice-cluster.test.ts',
];
type Project = { extends: true; test: { name: string; env: Record<string, string>; include?: string[] } };
// Each project names its files: a project's list is added to the root's, never narrows it.
const projects: Project[] = [{ extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' }, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true, test: { name: 'postgres', env: { TEST_DB: 'postgres' }, include: onPostgres } });
}

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at once: most of a file's time is spent waiting on sockets, timers and the
    // database, and one at a time the suite took 24 minutes on a two-core machine.
    maxWorkers: 2,
    // On CI, as Playwright's journeys do, a file's failing test is run once more: a machine two or
    // three times slower than a workstation can miss a live test's waits once. A test that fails
    // twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    projects,
  },
});
