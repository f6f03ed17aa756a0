import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { MOCK_OPENAI_REALTIME_KEY, startMockOpenAIRealtime, type MockSpeechEngine } from '../../server/test/mock-engines';
import { apiSignIn, demoChurchId } from './events-helpers';
import { stopSermon } from './live-helpers';
import { serverRecognisedSermon, speakerBrowser } from './sermon-microphone';

/**
 * Speech recognised on the server (decision 038) as a speaker lives it: Chromium's microphone plays
 * a recording, the speaker's page captures it in its AudioWorklet and streams it over the live
 * socket, the church's engine (a loopback OpenAI-compatible realtime server, hearing a word for
 * every 350 ms of sound) answers, and a phone reads the captions. The first engine then goes down:
 * the second takes over and the captions go on.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const base = `http://localhost:${port}`;
const FIRST = ['grace and peace to you', 'open your bibles with me'];
const SECOND = ['the second engine listens now', 'and the sermon goes on'];
let first: MockSpeechEngine;
let second: MockSpeechEngine;
let admin: APIRequestContext;
let churchId: string;

const engineBody = (mock: MockSpeechEngine) => ({ kind: 'openai-realtime', url: `${mock.url}/v1`, key: MOCK_OPENAI_REALTIME_KEY });

test.beforeAll(async () => {
  first = await startMockOpenAIRealtime({ sentences: FIRST, mode: 'timed' });
  second = await startMockOpenAIRealtime({ sentences: SECOND, mode: 'timed' });
  admin = await apiRequest.newContext({ baseURL: base });
  await apiSignIn(admin, 'admin@demo.church');
  churchId = await demoChurchId(admin);
  for (const [slot, mock] of [['primary', first], ['failover', second]] as const) {
    const res = await admin.put(`/api/v1/churches/${churchId}/recognition-engines/${slot}`, { data: engineBody(mock) });
    expect(res.ok(), await res.text()).toBe(true);
  }
});

test.afterAll(async () => {
  // Other journeys expect the demo church recognising in the browser.
  for (const slot of ['failover', 'primary']) await admin.delete(`/api/v1/churches/${churchId}/recognition-engines/${slot}`);
  await admin.dispose();
  await Promise.all([first.close(), second.close()]);
});

test('a speaker’s microphone is recognised by the church’s engine on the server, and the second engine takes over when the first goes down', async () => {
  test.setTimeout(180_000);
  const browser = await speakerBrowser();
  try {
    const { page, phone } = await serverRecognisedSermon(browser);

    // The first engine's sentences reach the phone, word for word, as it hears them.
    await expect(phone.captions).toContainText('grace and peace to you', { timeout: 20_000 });
    await expect(phone.captions).toContainText('open your bibles with me', { timeout: 20_000 });
    await expect(page.getByText(/Heard by/)).toBeVisible();
    expect(first.connections.length).toBeGreaterThan(0);
    expect(first.connections[0]!.audioBytes).toBeGreaterThan(16_000);

    // The first engine goes down mid-sermon: the second takes over within seconds.
    first.kill();
    const killedAt = Date.now();
    await expect(phone.captions).toContainText('the second engine listens now', { timeout: 20_000 });
    console.log(`captions again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the first engine went down`);
    expect(second.connections.length).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('speaker-server-recognition.png') });
    await stopSermon(page);
  } finally {
    await browser.close();
  }
});
