import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, request as apiRequest, type Browser, type BrowserContext } from '@playwright/test';
import { MOCK_OPENAI_REALTIME_KEY, type MockSpeechEngine } from '../../server/test/mock-engines';
import { apiSignIn, demoChurchId } from './events-helpers';
import { signInThroughForm } from './fixtures';
import { joinAsGuest } from './live-helpers';
import { JOURNEY_CHROMIUM } from './chromium-path';

/** A WAV of speech-loud sound, in bursts, that Chromium plays as its microphone, looping. */
export function sermonRecording(): string {
  const rate = 48_000;
  const seconds = 20;
  const samples = new Int16Array(rate * seconds);
  for (let i = 0; i < samples.length; i++) {
    // 1.6 s of sound, then 0.4 s of quiet: the engine hears a word for every 350 ms of sound.
    const loud = (i / rate) % 2 < 1.6;
    samples[i] = loud ? Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate)) : 0;
  }
  const data = Buffer.from(samples.buffer);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const file = path.join(os.tmpdir(), `sermon-microphone-${process.pid}.wav`);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/** A Chromium of its own whose microphone is that recording, played as the speaker talks (decision 038). */
export function speakerBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: JOURNEY_CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${sermonRecording()}`],
  });
}

/**
 * The staff member starts an English sermon from that microphone, heard by the church's engine on
 * the server, and a guest phone joins it: the speaker's page and the phone. `init` runs in the
 * speaker's page before its own scripts (a journey's stand-in for a browser API).
 */
export async function serverRecognisedSermon(browser: Browser, init?: Parameters<BrowserContext['addInitScript']>[0]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await signInThroughForm(page, 'staff@demo.church');
  await page.goto('/real-time-sermon-translation');
  await expect(page.getByText("Speech is recognised by the church's engine on the server.")).toBeVisible({ timeout: 15_000 });
  await page.getByRole('combobox', { name: 'Spoken language' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const link = await page.getByRole('textbox', { name: 'Link to join' }).inputValue();
  const phone = await joinAsGuest(browser, link, 'en');
  return { page, phone };
}

/**
 * The demo church's first and second recognition engines set to two loopback realtime servers;
 * `remove` puts it back on the browser's recogniser, which other journeys expect.
 */
export async function useServerEngines(first: MockSpeechEngine, second: MockSpeechEngine) {
  const base = `http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`;
  const admin = await apiRequest.newContext({ baseURL: base });
  await apiSignIn(admin, 'admin@demo.church');
  const churchId = await demoChurchId(admin);
  for (const [slot, mock] of [['primary', first], ['failover', second]] as const) {
    const res = await admin.put(`/api/v1/churches/${churchId}/recognition-engines/${slot}`, { data: { kind: 'openai-realtime', url: `${mock.url}/v1`, key: MOCK_OPENAI_REALTIME_KEY } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return {
    async remove() {
      for (const slot of ['failover', 'primary']) await admin.delete(`/api/v1/churches/${churchId}/recognition-engines/${slot}`);
      await admin.dispose();
    },
  };
}
