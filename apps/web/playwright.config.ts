import { defineConfig, devices } from '@playwright/test';
import { azureSpeechMockPort, azureSttMockPort, deeplMockPort } from './e2e/engine-mocks';

const port = Number(process.env.E2E_PORT ?? 4173);
// A fresh data folder per run: journeys start from the demo data and nothing else. Written back to
// the environment so test workers (which load this file again, with another pid) find the same folder,
// e.g. to read a reset code from its outbox.
const dataDir = (process.env.E2E_DATA_DIR ??= `/tmp/e2e-data-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium's background connections are refused by the closed network.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The server runs from source (tsx) so a stale server bundle can never be what is tested.
    command: `rm -rf ${dataDir} && node --import tsx ../server/src/main.ts`,
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Journeys run the church's own engines as loopback servers: the operator allows loopback (decision 041).
      ALLOW_INTERNAL_HOSTS: '127.0.0.1',
      // A church that chooses DeepL reaches the loopback DeepL a journey starts (e2e/engine-mocks.ts).
      DEEPL_API_URL: `http://127.0.0.1:${deeplMockPort(port)}`,
      // A church given a speech key reaches the loopback Azure a journey starts (e2e/engine-mocks.ts).
      AZURE_SPEECH_HOST: `http://127.0.0.1:${azureSpeechMockPort(port)}`,
      // A church that chooses Azure on the server reaches the loopback Azure recognition a journey starts.
      AZURE_SPEECH_STT_URL: `http://127.0.0.1:${azureSttMockPort(port)}`,
      // Several people may build the web app at once: each can point at its own build folder.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
