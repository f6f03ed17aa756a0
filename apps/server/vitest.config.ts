import { defineConfig } from 'vitest/config';

// The suite runs on embedded PGlite and, when TEST_DATABASE_URL is set, its database files run on
// PostgreSQL too: the modules' queries and transactions, the schema, the API-wide tests, and the live
// files that store a sermon, restart mid-sermon or share one across processes. The rest (engines,
// audio, the live pipeline's timing, the entry point's start-up) do the same few inserts or none
// on either, and ran twice for nothing (54 files; PostgreSQL's share of test time fell from 740 to 612 s).
const onPostgres = [
  'src/modules/**/*.test.ts',
  'src/db/**/*.test.ts',
  'src/seed/*.test.ts',
  'test/*.test.ts',
  'src/live/live-metrics.test.ts',
  'src/live/cluster/{cluster,cluster-places,cluster-restarts,reliability,opening-writes,write-queue}.test.ts',
  'src/live/minutes/minutes.test.ts',
  'src/live/recognition/{spoken-at,server-line-time}.test.ts',
  'src/live/captions/catch-up-reads.test.ts',
  'src/live/chat/chat-gateway.test.ts',
  'src/live/voice/voice-cluster.test.ts',
];
const everyFile = ['src/**/*.test.ts', 'test/**/*.test.ts'];

// Files that must have a process of their own (decision 050): they fake the clock, replace a module
// (vi.mock), spy on a prototype every app shares, or start, fork or restart processes. Every other
// file shares its worker's loaded modules with the files before it (`isolate: false`): loading the
// app took about 3 s of every file's time, 706 s of the suite. A file added here needs no other change;
// a new file that does one of these things must be added, or it may leak into the files after it.
const isolated = [
  'src/lib/live-first.test.ts',
  'src/live/captions/catch-up-reads.test.ts',
  'src/live/voice/voice-streams.test.ts',
  'src/modules/backups/backup-routes.test.ts',
  'src/modules/backups/backup-command.test.ts',
  'src/modules/livestream/feed-isolation.test.ts',
  'src/modules/messages/messages.test.ts',
  'src/modules/privacy/schedule.test.ts',
  'src/modules/two-step/two-step.test.ts',
  'src/start-up.test.ts',
  'src/lib/data-dir.test.ts',
  'src/live/cluster/cluster.test.ts',
  'src/live/cluster/cluster-places.test.ts',
  'src/live/cluster/cluster-restarts.test.ts',
  'src/live/voice/voice-cluster.test.ts',
  'test/outages.test.ts',
];

type Project = { extends: true; test: { name: string; env: Record<string, string>; include: string[]; exclude?: string[]; isolate: boolean } };

/** The shared and the isolated project of one database engine: together they hold each file once. */
function engine(db: 'pglite' | 'postgres', include: string[]): Project[] {
  const env = { TEST_DB: db };
  return [
    { extends: true, test: { name: db, env, include, exclude: isolated, isolate: false } },
    { extends: true, test: { name: `${db}-isolated`, env, include: isolated.filter((f) => include.some((g) => matches(g, f))), isolate: true } },
  ];
}

/** Whether an isolated file is one of an engine's files (its globs are few and simple). */
function matches(glob: string, file: string): boolean {
  const re = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_, alts: string) => `(${alts.split(',').join('|')})`)
    .replace(/\*\*\//g, '\0')
    .replace(/\*/g, '[^/]*')
    .replace(/\0/g, '(?:.*/)?');
  return new RegExp(`^${re}$`).test(file);
}

const projects = [...engine('pglite', everyFile), ...(process.env.TEST_DATABASE_URL ? engine('postgres', onPostgres) : [])];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three test files at once on two cores: most of a file's time is spent waiting on sockets,
    // timers and the database (the real-time sermons most of all). One at a time the suite took 24
    // minutes on a two-core machine; two kept the cores 65 % busy in 549 s, three 90 % in 452 s, with
    // no test retried (decision 050).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // On CI, as Playwright's journeys do, a file's failing test is run once more: a machine two or
    // three times slower than a workstation can miss a live test's waits once. A test that fails
    // twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    projects: projects.filter((p) => p.test.include.length > 0),
  },
});
