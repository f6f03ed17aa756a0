/**
 * Where the journeys' DeepL stand-in listens: the app under test is started with DEEPL_API_URL
 * pointing here (playwright.config.ts), and a journey starts the loopback DeepL of the server's
 * tests on this port while it runs (decision 033). Beside E2E_PORT, so people running their own
 * journeys at once each get their own.
 */
export const deeplMockPort = (e2ePort: number) => e2ePort + 500;

/**
 * Where the journeys' Azure Speech stand-in listens (AZURE_SPEECH_HOST in playwright.config.ts): a
 * journey that gives the church a speech key starts the loopback Azure here, whose voices last as
 * long as real speech (decision 039). Churches without a speech key never call it.
 */
export const azureSpeechMockPort = (e2ePort: number) => e2ePort + 501;

/**
 * Where the journeys' Azure speech recognition stand-in listens (AZURE_SPEECH_STT_URL in
 * playwright.config.ts): a journey that chooses Azure on the server starts the loopback here.
 */
export const azureSttMockPort = (e2ePort: number) => e2ePort + 502;
