/**
 * Where the journeys' DeepL stand-in listens: the app under test is started with DEEPL_API_URL
 * pointing here (playwright.config.ts), and a journey starts the loopback DeepL of the server's
 * tests on this port while it runs (decision 033). Beside E2E_PORT, so people running their own
 * journeys at once each get their own.
 */
export const deeplMockPort = (e2ePort: number) => e2ePort + 500;
