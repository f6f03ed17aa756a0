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
    projects,
  },
});
