import { defineConfig } from 'vitest/config';

// The same suite runs on embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too.
const projects = [{ extends: true as const, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } });
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
