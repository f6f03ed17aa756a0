import { defineConfig } from '@playwright/test';
import { azureSpeechMockPort } from './e2e/engine-mocks';

/**
 * The listener's page in Firefox ESR, WebKitGTK and headless Chromium (decision 049), driven
 * through each engine's own driver (browsers/phones.ts): Playwright runs the journeys and the
 * server, not the browsers. Its own server on its own port, so it can run beside the other journeys.
 * Run under an X display for WebKitGTK (`npm run e2e:browsers` starts one).
 */
const port = Number(process.env.E2E_BROWSERS_PORT ?? 4373);
process.env.E2E_BROWSERS_PORT = String(port);
const dataDir = (process.env.E2E_BROWSERS_DATA_DIR ??= `/tmp/e2e-browsers-${process.pid}`);

export default defineConfig({
  testDir: 'browsers',
  fullyParallel: false,
  workers: 1,
  // Firefox's remote agent sometimes never answers a tab switch and then nothing more of that page
  // (about 1 run in 5, decision 049); a new try starts a new browser.
  retries: process.env.CI ? 2 : 0,
  timeout: 150_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: [['list']],
  globalSetup: './browsers/sound.ts',
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx ../server/src/main.ts`,
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      LISTEN_PER_ADDRESS: '1000',
      ALLOW_INTERNAL_HOSTS: '127.0.0.1',
      AZURE_SPEECH_HOST: `http://127.0.0.1:${azureSpeechMockPort(port)}`,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
