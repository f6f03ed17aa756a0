import { expect, test } from '@playwright/test';
import { startMockOpenAIRealtime, type MockSpeechEngine } from '../../server/test/mock-engines';
import { stopSermon } from './live-helpers';
import { serverRecognisedSermon, speakerBrowser, useServerEngines } from './sermon-microphone';

/**
 * Speech recognised on the server (decision 038) as a speaker lives it: Chromium's microphone plays
 * a recording, the speaker's page captures it in its AudioWorklet and streams it over the live
 * socket, the church's engine (a loopback OpenAI-compatible realtime server, hearing a word for
 * every 350 ms of sound) answers, and a phone reads the captions. The first engine then goes down:
 * the second takes over and the captions go on.
 */
const FIRST = ['grace and peace to you', 'open your bibles with me'];
const SECOND = ['the second engine listens now', 'and the sermon goes on'];
let first: MockSpeechEngine;
let second: MockSpeechEngine;
let engines: Awaited<ReturnType<typeof useServerEngines>>;

test.beforeAll(async () => {
  first = await startMockOpenAIRealtime({ sentences: FIRST, mode: 'timed' });
  second = await startMockOpenAIRealtime({ sentences: SECOND, mode: 'timed' });
  engines = await useServerEngines(first, second);
});

test.afterAll(async () => {
  // Other journeys expect the demo church recognising in the browser.
  await engines.remove();
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
