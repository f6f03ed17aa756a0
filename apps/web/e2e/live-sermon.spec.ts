import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/live-screenshots';

/**
 * A stand-in for the browser's speech recogniser: Chromium's real one needs Google's servers, which
 * this machine cannot reach. It behaves like Chrome's (continuous, interim then final results, `end`
 * after stop) and the test makes it "hear" words with `window.__speak(text, isFinal)`.
 */
function fakeSpeechRecognition() {
  type Listener = ((e: unknown) => void) | null;
  class FakeRecognition {
    continuous = false;
    interimResults = false;
    lang = 'en-US';
    maxAlternatives = 1;
    onstart: Listener = null;
    onresult: Listener = null;
    onerror: Listener = null;
    onend: Listener = null;
    private results: Array<{ 0: { transcript: string }; length: number; isFinal: boolean }> = [];
    start() {
      (window as unknown as { __recognition: FakeRecognition }).__recognition = this;
      setTimeout(() => this.onstart?.({}), 10);
    }
    stop() {
      setTimeout(() => this.onend?.({}), 10);
    }
    abort() {
      this.stop();
    }
    hear(text: string, isFinal: boolean) {
      const index = this.results.length && !this.results[this.results.length - 1]!.isFinal ? this.results.length - 1 : this.results.length;
      this.results[index] = { 0: { transcript: text }, length: 1, isFinal };
      this.onresult?.({ resultIndex: index, results: this.results });
    }
  }
  const w = window as unknown as Record<string, unknown>;
  w.SpeechRecognition = FakeRecognition;
  w.webkitSpeechRecognition = FakeRecognition;
  w.__speak = (text: string, isFinal: boolean) =>
    (w.__recognition as FakeRecognition | undefined)?.hear(text, isFinal);
}

async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  return { context, page: await context.newPage() };
}

async function startSpeaker(browser: Browser, language = 'English') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(fakeSpeechRecognition);
  const page = await context.newPage();
  await signIn(page, 'staff@demo.church');
  await page.goto('/real-time-sermon-translation');
  await expect(page.getByRole('heading', { name: 'Go live', exact: true })).toBeVisible();
  await expect(page.getByText('Speech is recognised by this browser.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Spoken language' }).click();
  await page.getByRole('option', { name: language, exact: true }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Listening', { exact: true })).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Link to join' }).inputValue();
  expect(link).toMatch(/\/sermon\/join\/[^/?]+\?churchId=/);
  return { context, page, link };
}

async function stopSermon(speaker: Page) {
  await speaker.getByRole('button', { name: 'Stop' }).click();
  await speaker.getByRole('dialog').getByRole('button', { name: 'Stop the sermon' }).click();
  await expect(speaker.getByText('This sermon has ended')).toBeVisible();
}

test('staff goes live in English and types two lines; a member in Spanish and a guest in Portuguese follow', async ({ browser }) => {
  const speaker = await startSpeaker(browser);

  // The member finds the sermon in the church's live list, as a person would.
  const member = await newPhone(browser);
  await signIn(member.page, 'member@demo.church');
  await member.page.goto('/live-sermon-translator');
  await member.page.getByRole('link', { name: 'Join the sermon of Samuel Staff' }).click();
  await expect(member.page).toHaveURL(/\/join\//);
  await member.page.getByLabel('Listening language').selectOption('es');
  await member.page.getByRole('button', { name: 'Start listening' }).click();
  await expect(member.page.getByText('Connected', { exact: true })).toBeVisible();

  // A guest opens the share link without an account.
  const guest = await newPhone(browser);
  await guest.page.goto(speaker.link);
  await guest.page.getByLabel('Listening language').selectOption('pt');
  await guest.page.getByRole('button', { name: 'Start listening' }).click();
  await expect(guest.page.getByText('Connected', { exact: true })).toBeVisible();

  // The speaker sees both listeners.
  const counts = speaker.page.getByRole('table', { name: 'Listeners by language' });
  await expect(counts.getByRole('row', { name: /Spanish\s*1/ })).toBeVisible();
  await expect(counts.getByRole('row', { name: /Portuguese\s*1/ })).toBeVisible();

  const typed = speaker.page.getByRole('textbox', { name: 'Type or paste a line' });
  await typed.fill('Grace and peace to you all.');
  await typed.press('Enter');
  await typed.fill('Let us open our Bibles to John fifteen.');
  await typed.press('Enter');
  await expect(speaker.page.getByRole('list', { name: 'Sent to listeners' }).getByRole('listitem')).toHaveCount(2);

  const memberCaptions = member.page.getByRole('log', { name: 'Captions' });
  await expect(memberCaptions).toContainText('[ES demo] Grace and peace to you all.');
  await expect(memberCaptions).toContainText('[ES demo] Let us open our Bibles to John fifteen.');
  await expect(memberCaptions.getByText('demo translation')).toHaveCount(2);
  const guestCaptions = guest.page.getByRole('log', { name: 'Captions' });
  await expect(guestCaptions).toContainText('[PT demo] Grace and peace to you all.');
  await expect(guestCaptions).toContainText('[PT demo] Let us open our Bibles to John fifteen.');

  await member.page.screenshot({ path: `${SHOTS}/listener-es-390.png` });
  await speaker.page.screenshot({ path: `${SHOTS}/speaker-1280.png`, fullPage: true });

  // Arabic reads right to left, and the recent captions come along in the new language.
  await member.page.getByLabel('Listening language').selectOption('ar');
  await expect(memberCaptions).toHaveAttribute('dir', 'rtl');
  await expect(memberCaptions).toContainText('[AR demo] Let us open our Bibles to John fifteen.');
  await member.page.screenshot({ path: `${SHOTS}/listener-ar-390.png` });

  // Pause is seen by listeners; resume clears it.
  await speaker.page.getByRole('button', { name: 'Pause' }).click();
  await expect(guest.page.getByText('The speaker has paused.')).toBeVisible();
  await speaker.page.getByRole('button', { name: 'Resume' }).click();
  await expect(guest.page.getByText('The speaker has paused.')).toBeHidden();

  // Stop ends it for everyone; the transcript stays readable in the listener's language.
  await stopSermon(speaker.page);
  await expect(guest.page.getByText('This sermon has ended')).toBeVisible();
  await guest.page.getByRole('button', { name: 'Read the full transcript' }).click();
  await expect(guestCaptions).toContainText('[PT demo] Grace and peace to you all.');
  await expect(guestCaptions).toContainText('[PT demo] Let us open our Bibles to John fifteen.');

  await Promise.all([speaker.context.close(), member.context.close(), guest.context.close()]);
});

test('recognised speech reaches listeners; the interim words show only in the spoken language', async ({ browser }) => {
  const speaker = await startSpeaker(browser);
  const english = await newPhone(browser);
  await english.page.goto(speaker.link);
  await english.page.getByLabel('Listening language').selectOption('en');
  await english.page.getByRole('button', { name: 'Start listening' }).click();
  // This guest's phone shows the interface in Spanish too.
  const spanish = await newPhone(browser);
  await spanish.page.goto(`${speaker.link}&lng=es`);
  await spanish.page.getByLabel('Idioma para escuchar').selectOption('es');
  await spanish.page.getByRole('button', { name: 'Empezar a escuchar' }).click();
  await expect(spanish.page.getByText('Conectado', { exact: true })).toBeVisible();
  await expect(english.page.getByText('Connected', { exact: true })).toBeVisible();

  await speaker.page.evaluate(() => (window as unknown as { __speak: (t: string, f: boolean) => void }).__speak('I am the vine', false));
  await expect(speaker.page.getByText('I am the vine', { exact: true })).toBeVisible();
  await expect(english.page.getByLabel('Being spoken now')).toHaveText('I am the vine');
  await expect(spanish.page.getByLabel('Se está diciendo ahora')).toHaveCount(0);

  await speaker.page.evaluate(() =>
    (window as unknown as { __speak: (t: string, f: boolean) => void }).__speak('I am the vine and you are the branches.', true),
  );
  await expect(english.page.getByRole('log', { name: 'Captions' })).toContainText('I am the vine and you are the branches.');
  await expect(spanish.page.getByRole('log', { name: 'Subtítulos' })).toContainText('[ES demo] I am the vine and you are the branches.');
  await expect(spanish.page.getByLabel('Se está diciendo ahora')).toHaveCount(0);
  await spanish.page.screenshot({ path: `${SHOTS}/listener-guest-es-ui-390.png` });
  await expect(english.page.getByLabel('Being spoken now')).toHaveCount(0);

  await stopSermon(speaker.page);
  await Promise.all([speaker.context.close(), english.context.close(), spanish.context.close()]);
});

test('without speech recognition the speaker is told so and can still go live by typing', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
  const page = await context.newPage();
  await signIn(page, 'admin@demo.church');
  await page.goto('/real-time-sermon-translation');
  await expect(page.getByText(/Browser not supported/)).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const typed = page.getByRole('textbox', { name: 'Type or paste a line' });
  await typed.press('Enter');
  await expect(page.getByText('Type something to send.')).toBeVisible();
  await typed.fill('Welcome, everyone.');
  await typed.press('Enter');
  await expect(page.getByRole('list', { name: 'Sent to listeners' })).toContainText('Welcome, everyone.');

  // A church admin sees the sermon in the church's list and may end it from there too.
  const liveNow = page.getByRole('table', { name: 'Live now' });
  await expect(liveNow.getByRole('row', { name: /Andrew Admin/ })).toBeVisible();
  await liveNow.getByRole('button', { name: 'End the sermon of Andrew Admin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End sermon' }).click();
  await expect(page.getByText('This sermon has ended')).toBeVisible();
  await context.close();
});
