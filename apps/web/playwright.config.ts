import { defineConfig, devices } from '@playwright/test';
import { JOURNEY_CHROMIUM } from './e2e/chromium-path';
import { azureSpeechMockPort, azureSttMockPort, deeplMockPort } from './e2e/engine-mocks';
import { workerDataDir, workerPort } from './e2e/worker-servers';

// Journeys run in E2E_WORKERS workers (two: CI's two cores), each against its own server (decision
// 050). The first server listens on E2E_PORT, the next three ports on (e2e/worker-servers.ts).
// Written back to the environment so test workers (which load this file again, with another pid)
// find the same base port and folder after this file has set their own below.
const basePort = Number((process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? '4173'));
const workers = Number((process.env.E2E_WORKERS ??= '2'));
// A fresh data folder per run: journeys start from the demo data and nothing else.
const baseDataDir = (process.env.E2E_BASE_DATA_DIR ??= process.env.E2E_DATA_DIR ?? `/tmp/e2e-data-${process.pid}`);

// In a test worker, E2E_PORT and E2E_DATA_DIR are its own server's, e.g. for a journey to read a
// reset code from that server's outbox or start a loopback engine where that server calls it.
const parallelIndex = process.env.TEST_PARALLEL_INDEX;
const port = workerPort(basePort, Number(parallelIndex ?? 0));
if (parallelIndex !== undefined) {
  process.env.E2E_PORT = String(port);
  process.env.E2E_DATA_DIR = workerDataDir(baseDataDir, Number(parallelIndex));
}

/** The server a worker's journeys use: the same start-up and settings as production's, on its own port and data. */
function server(index: number) {
  const serverPort = workerPort(basePort, index);
  const dataDir = workerDataDir(baseDataDir, index);
  return {
    // The server runs from source (tsx) so a stale server bundle can never be what is tested.
    command: `rm -rf ${dataDir} && node --import tsx ../server/src/main.ts`,
    url: `http://localhost:${serverPort}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Journeys run the church's own engines as loopback servers: the operator allows loopback (decision 041).
      ALLOW_INTERNAL_HOSTS: '127.0.0.1',
      // A church that chooses DeepL reaches the loopback DeepL a journey starts (e2e/engine-mocks.ts).
      DEEPL_API_URL: `http://127.0.0.1:${deeplMockPort(serverPort)}`,
      // A church given a speech key reaches the loopback Azure a journey starts (e2e/engine-mocks.ts).
      AZURE_SPEECH_HOST: `http://127.0.0.1:${azureSpeechMockPort(serverPort)}`,
      // A church that chooses Azure on the server reaches the loopback Azure recognition a journey starts.
      AZURE_SPEECH_STT_URL: `http://127.0.0.1:${azureSttMockPort(serverPort)}`,
      // Several people may build the web app at once: each can point at its own build folder.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  // A file's journeys run in order in one worker (some follow on from the one before); files spread
  // over the workers, and a file whose journeys stand alone may say `mode: 'parallel'`.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  // A CI machine may run the suite at a third of a workstation's speed: the same waits, more room.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM,
      // Without these, Chromium's background connections are refused by the closed network.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Playwright's webServer is one per run, not per worker: one entry per worker instead.
  webServer: Array.from({ length: workers }, (_, i) => server(i)),
});
