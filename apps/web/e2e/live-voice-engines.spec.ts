import { expect, request as apiRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import { io } from 'socket.io-client';
import { LIVE_NAMESPACE, liveEvents, type Caption, type Sermon } from '@app/shared';
import { MOCK_OPENAI_SPEECH_KEY, startMockOpenAISpeech, type Loopback } from '../../server/test/mock-engines';
import { allTones, toneOf, wordKey } from '../../server/test/mock-azure/spoken-audio';
import { seriousViolations } from './axe';
import { apiSignIn, demoChurchId } from './events-helpers';
import { signInThroughForm as signIn } from './fixtures';
import { installVoiceEar } from './voice-ear';

/**
 * A voice engine beyond Azure, heard on a phone (decision 040): the demo church, which has no speech
 * key, chooses a loopback OpenAI-compatible speech server as its voice engine; a Portuguese phone
 * with the voice on hears every word the server said, through the one voice stream (the loopback
 * voice's words are tones that last as long as speech, spoken-audio.ts). Then it chooses eSpeak NG,
 * run on the server, and the phone hears speech.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const base = `http://localhost:${port}`;
let speech: Loopback;
let admin: APIRequestContext;
let churchId: string;

test.beforeAll(async () => {
  speech = await startMockOpenAISpeech();
  admin = await apiRequest.newContext({ baseURL: base });
  await apiSignIn(admin, 'admin@demo.church');
  churchId = await demoChurchId(admin);
  const res = await admin.put(`/api/v1/churches/${churchId}/voice-engines/primary`, { data: { kind: 'openai', url: `${speech.url}/v1`, model: 'kokoro', key: MOCK_OPENAI_SPEECH_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
});
test.afterAll(async () => {
  // Other journeys expect the demo church with no server voice.
  await admin.delete(`/api/v1/churches/${churchId}/voice-engines/primary`);
  await admin.dispose();
  await speech.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SERMON = ['grace and peace to you', 'the lord is my shepherd'];

/** A sermon of the demo church with a speaker's socket, and a Portuguese phone at 390 px listening with the voice on. */
async function sermonWithPhone(browser: Browser) {
  const staff = await apiRequest.newContext({ baseURL: base });
  await apiSignIn(staff, 'staff@demo.church');
  const live = await staff.post('/api/v1/sermons', { data: { churchId, sourceLanguage: 'en' } });
  expect(live.status(), await live.text()).toBe(201);
  const sermon = (await live.json()) as Sermon;
  const cookie = (await staff.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const speaker = io(`${base}${LIVE_NAMESPACE}`, { transports: ['websocket'], extraHeaders: { cookie, origin: base } });
  expect((await speaker.timeout(10_000).emitWithAck(liveEvents.speakerJoin, { sermonId: sermon.id })).ok).toBe(true);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'pt-BR', bypassCSP: true });
  await context.addInitScript(installVoiceEar, allTones());
  const phone = await context.newPage();
  await phone.goto(`/sermon/join/${sermon.broadcastId}?churchId=${churchId}`);
  await phone.getByLabel('Idioma para ouvir').selectOption('pt');
  // The church has no speech key: the server voice is offered because it chose a voice engine.
  await phone.getByRole('switch', { name: 'Voz' }).check();
  await phone.getByRole('button', { name: 'Começar a ouvir' }).click();
  await expect(phone.getByText('Conectado', { exact: true })).toBeVisible();
  const say = async (seq: number, line: string) => {
    await speaker.timeout(10_000).emitWithAck(liveEvents.segment, { sermonId: sermon.id, seq, text: `${line}.`, final: true });
  };
  const close = async () => {
    speaker.disconnect();
    await staff.post(`/api/v1/sermons/${sermon.id}/end`);
    await staff.dispose();
    await context.close();
  };
  return { sermon, phone, say, close };
}

test('a phone hears the voice of a loopback OpenAI-compatible speech server, word for word', async ({ browser }) => {
  const { sermon, phone, say, close } = await sermonWithPhone(browser);
  const reader = io(`${base}${LIVE_NAMESPACE}`, { transports: ['websocket'], extraHeaders: { origin: base } });
  try {
    const finals: Caption[] = [];
    reader.on(liveEvents.caption, (c: Caption) => { if (c.final) finals.push(c); });
    expect((await reader.timeout(10_000).emitWithAck(liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt', voice: 'none', lastSeq: 0 })).ok).toBe(true);
    for (const [n, line] of SERMON.entries()) {
      await say(n + 1, line);
      await pause(500);
    }
    const expected = () => finals.sort((a, b) => a.seq - b.seq).flatMap((c) => c.text.split(/\s+/)).filter((w) => wordKey(w).length > 0).map(toneOf);
    await expect.poll(() => finals.length).toBe(SERMON.length);
    await expect.poll(async () => (await phone.evaluate(() => (window as unknown as { __heard: Array<{ tone: number }> }).__heard)).map((h) => h.tone), { timeout: 15_000 }).toEqual(expected());
    // The server asked the loopback engine, in its own default voice for a woman's voice.
    expect(speech.last('/v1/audio/speech')!.json).toMatchObject({ model: 'kokoro', voice: 'nova', response_format: 'mp3' });
  } finally {
    reader.disconnect();
    await close();
  }
});

test('a phone hears the built-in voice, eSpeak NG, with no service and no key', async ({ browser }) => {
  const res = await admin.put(`/api/v1/churches/${churchId}/voice-engines/primary`, { data: { kind: 'espeak' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { phone, say, close } = await sermonWithPhone(browser);
  const loudMs = () => phone.evaluate(() => (window as unknown as { __loudMs: number }).__loudMs);
  try {
    await pause(1000);
    // The stream's silence is not heard as sound.
    expect(await loudMs()).toBe(0);
    await say(1, SERMON[0]!);
    await expect.poll(loudMs, { timeout: 15_000 }).toBeGreaterThan(800);
  } finally {
    await close();
  }
});

test('on a phone, a church admin is told a wrong key in plain words, with nothing failing axe', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, 'admin@demo.church');
  try {
    await page.goto('/church');
    const first = page.getByRole('form', { name: 'First voice engine' });
    await expect(first).toBeVisible({ timeout: 15_000 });
    await first.getByRole('combobox', { name: 'Engine' }).click();
    await page.getByRole('option', { name: 'Speech server (OpenAI-compatible)' }).click();
    await first.getByLabel('API base address').fill(`${speech.url}/v1`);
    await first.getByLabel(/^API key/).fill('sk-wrong');
    await first.getByRole('button', { name: 'Test connection' }).click();
    await expect(first.getByRole('alert')).toContainText('The key was refused');
    await expect(first.getByRole('alert')).toContainText('The engine refused the key (HTTP 401)');
    expect(await seriousViolations(page)).toEqual([]);
    await first.getByRole('button', { name: 'Remove engine' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await context.close();
  }
});
