import { expect, test, type Browser } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import { goLiveAsSpeaker } from './sunday-helpers';
import { localeText } from './locale-text';

// Browsers report regional languages: en-AU is the usual setting in Australia, pt-BR a Brazilian
// member's. The app shows the interface language they stand for (en, pt) and sends that, never the
// regional code, to the server. These are the sign-in, messages and listener journeys in such browsers.
const regions = [
  { locale: 'en-AU', lang: 'en' },
  { locale: 'pt-BR', lang: 'pt' },
] as const;

/** A browser in `locale` signed in through the form, read in its own language, on the dashboard. */
async function signedIn(browser: Browser, locale: string, lang: string, email: string, phone = false) {
  const t = localeText(lang);
  const context = await browser.newContext({ locale, ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : { viewport: { width: 1280, height: 900 } }) });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByRole('textbox', { name: t('fields.email') }).fill(email);
  await page.getByRole('textbox', { name: t('fields.password'), exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth.signIn.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page, t };
}

for (const { locale, lang } of regions) {
  test.describe(`a browser in ${locale}`, () => {
    test.use({ locale });

    test(`signs in through the form in ${lang}, the page shown in it from the first paint`, async ({ page }) => {
      const t = localeText(lang);
      // The prerendered page is replaced by the live one in one step: no loader in between.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('[aria-label="Loading"]')) (window as { sawLoader?: boolean }).sawLoader = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: t('auth.signIn.title') })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t('fields.language') })).toHaveValue(lang === 'pt' ? 'Português' : 'English');
      await page.getByRole('textbox', { name: t('fields.email') }).fill('member@demo.church');
      await page.getByRole('textbox', { name: t('fields.password'), exact: true }).fill(DEMO_PASSWORD);
      await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { sawLoader?: boolean }).sawLoader ?? false)).toBe(false);
      await page.getByRole('button', { name: t('auth.signIn.submit') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test(`a guest in the lobby listens in ${lang} by default, and the captions come in it`, async ({ browser, baseURL }) => {
      const t = localeText(lang);
      const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
      const page = await context.newPage();
      await page.goto('/l/HARBOUR');
      await expect(page.getByRole('heading', { name: 'Harbour City Church' })).toBeVisible();
      await expect(page.getByText(t('lobby.nextService'))).toBeVisible();
      await expect(page.getByRole('combobox', { name: t('lobby.language') })).toHaveValue(lang);
      const speaker = await goLiveAsSpeaker(baseURL!);
      try {
        const captions = page.getByRole('log', { name: t('live.listener.captions') });
        await expect(captions).toBeVisible({ timeout: 5_000 });
        await speaker.say('Welcome, everyone.');
        await expect(captions).toContainText(lang === 'pt' ? '[PT demo] Welcome, everyone.' : 'Welcome, everyone.');
      } finally {
        await speaker.end();
      }
      // Ended: the heading no longer calls it live.
      await expect(page.getByRole('button', { name: t('live.listener.readTranscript') })).toBeVisible();
      await expect(page.getByRole('heading', { name: t('live.listener.endedHeading') })).toBeVisible();
      await expect(page.getByRole('heading', { name: t('live.listener.title') })).toHaveCount(0);
      await context.close();
    });
  });
}

test('a member in a pt-BR browser and an administrator in an en-AU browser each read the other in their own language', async ({ browser }) => {
  const member = await signedIn(browser, 'pt-BR', 'pt', 'member@demo.church', true);
  const admin = await signedIn(browser, 'en-AU', 'en', 'admin@demo.church');

  await member.page.getByRole('button', { name: /^Abrir mensagens/ }).click();
  await member.page.getByRole('button', { name: 'Nova mensagem' }).click();
  await member.page.getByRole('textbox', { name: 'Procurar pessoas' }).fill('Andrew');
  await member.page.getByRole('button', { name: 'Escrever para Andrew Admin' }).click();
  const memberBox = member.page.getByRole('textbox', { name: 'Escreva uma mensagem' });
  await memberBox.fill('Bom dia, o culto de domingo começa às dez?');
  await memberBox.press('Enter');
  // Sent, not refused: it stays in the thread and nothing waits to go out.
  await expect(member.page.getByRole('log').getByText('Bom dia, o culto de domingo começa às dez?')).toBeVisible();
  await expect(member.page.getByTestId('chat-pending')).toHaveCount(0);
  // Her own message is hers as written, not "translated from Portuguese".
  await expect(member.page.getByRole('log').getByText(/Traduzido de/)).toHaveCount(0);

  await admin.page.getByRole('button', { name: 'Open messages (1 unread)' }).click();
  const panel = admin.page.getByRole('region', { name: 'Messages panel' });
  await panel.getByRole('button', { name: /Martha Member, 1 unread message/ }).click();
  const adminLog = panel.getByRole('log');
  await expect(adminLog.getByText('[EN demo] Bom dia, o culto de domingo começa às dez?')).toBeVisible();
  await expect(adminLog.getByText('Translated from Portuguese')).toBeVisible();

  const adminBox = panel.getByRole('textbox', { name: 'Write a message' });
  await adminBox.fill('Yes, it starts at ten. See you there.');
  await adminBox.press('Enter');
  await expect(adminLog.getByText('Yes, it starts at ten. See you there.', { exact: true })).toBeVisible();
  await expect(member.page.getByRole('log').getByText('[PT demo] Yes, it starts at ten. See you there.')).toBeVisible();
  await expect(member.page.getByRole('log').getByText('Traduzido de Inglês')).toBeVisible();

  await Promise.all([member.context.close(), admin.context.close()]);
});
