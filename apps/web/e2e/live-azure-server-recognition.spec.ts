import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import {
  MOCK_AZURE_SPEECH_KEY, MOCK_OPENAI_REALTIME_KEY, startMockAzureSpeech, startMockOpenAIRealtime, type MockSpeechEngine,
} from '../../server/test/mock-engines';
import { azureSttMockPort } from './engine-mocks';
import { apiSignIn, demoChurchId } from './events-helpers';
import { signInThroughForm } from './fixtures';
import { stopSermon } from './live-helpers';
import { serverRecognisedSermon, speakerBrowser } from './sermon-microphone';

/**
 * Azure Speech on the server (decision 038) as a church lives it: the administrator chooses it in
 * Manage Church (no key of its own: the speech key from Live settings) and Test connection opens a
 * stream with Microsoft's SDK against the loopback Azure recognition; the speaker's microphone (a
 * recording) is heard by it and a phone reads the captions; Azure goes down mid-sermon and the
 * second engine, a realtime server, takes over.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const base = `http://localhost:${port}`;
const FIRST = ['grace and peace to you', 'open your bibles with me'];
const SECOND = ['the second engine listens now', 'and the sermon goes on'];
let azure: MockSpeechEngine;
let second: MockSpeechEngine;
let admin: APIRequestContext;
let churchId: string;

test.beforeAll(async () => {
  azure = await startMockAzureSpeech({ sentences: FIRST, mode: 'timed', port: azureSttMockPort(port) });
  second = await startMockOpenAIRealtime({ sentences: SECOND, mode: 'timed' });
  admin = await apiRequest.newContext({ baseURL: base });
  await apiSignIn(admin, 'admin@demo.church');
  churchId = await demoChurchId(admin);
  const res = await admin.patch(`/api/v1/churches/${churchId}/live-settings`, { data: { speechKey: MOCK_AZURE_SPEECH_KEY, speechLocation: 'australiaeast' } });
  expect(res.ok(), await res.text()).toBe(true);
});

test.afterAll(async () => {
  // Other journeys expect the demo church recognising in the browser, without a speech key.
  for (const slot of ['failover', 'primary']) await admin.delete(`/api/v1/churches/${churchId}/recognition-engines/${slot}`);
  await admin.patch(`/api/v1/churches/${churchId}/live-settings`, { data: { removeSpeechKey: true } });
  await admin.dispose();
  await Promise.all([azure.close(), second.close()]);
});

test('an administrator chooses Azure Speech on the server, a speaker is heard by it, and the second engine takes over when it goes down', async ({ browser }) => {
  test.setTimeout(180_000);
  const manage = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const settings = await manage.newPage();
  await signInThroughForm(settings, 'admin@demo.church');
  await settings.goto('/church');
  const first = settings.getByRole('form', { name: 'First speech recognition engine' });
  await expect(first).toBeVisible({ timeout: 15_000 });
  await first.getByRole('combobox', { name: 'Engine' }).click();
  await settings.getByRole('option', { name: 'Azure Speech (on the server)' }).click();
  await expect(first.getByText(/with the church's speech key and region from “Speech and translation”/)).toBeVisible();
  await expect(first.getByLabel(/^API key/)).toHaveCount(0);
  await first.getByRole('button', { name: 'Test connection' }).click();
  await expect(first.getByRole('status')).toContainText(/Connected in \d+ ms/);
  await first.getByRole('button', { name: 'Save engine' }).click();
  await expect(first.getByRole('button', { name: 'Remove engine' })).toBeVisible();
  await settings.screenshot({ path: test.info().outputPath('church-azure-server-engine.png') });
  await manage.close();
  expect(azure.connections.length).toBeGreaterThan(0);
  const res = await admin.put(`/api/v1/churches/${churchId}/recognition-engines/failover`, { data: { kind: 'openai-realtime', url: `${second.url}/v1`, key: MOCK_OPENAI_REALTIME_KEY } });
  expect(res.ok(), await res.text()).toBe(true);

  const speakerChromium = await speakerBrowser();
  try {
    const { page, phone } = await serverRecognisedSermon(speakerChromium);
    await expect(phone.captions).toContainText('grace and peace to you', { timeout: 20_000 });
    await expect(page.getByText('Heard by Azure Speech (on the server)')).toBeVisible();
    azure.kill();
    await expect(phone.captions).toContainText('the second engine listens now', { timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath('speaker-azure-server-failover.png') });
    await stopSermon(page);
  } finally {
    await speakerChromium.close();
  }
});
