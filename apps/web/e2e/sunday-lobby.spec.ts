import { expect, test } from '@playwright/test';
import { localeText } from './locale-text';
import { arriveBeforeTheService, goLiveAsSpeaker, overflow, seriousViolations } from './sunday-helpers';

// The demo church's standing join link (seed.ts): the same every Sunday.
const LOBBY = '/l/harbour';

for (const lang of ['en', 'pt', 'es', 'id', 'zh']) {
  test(`a guest on a phone waits in the lobby in ${lang}, picks Portuguese, and the captions start by themselves`, async ({ browser, baseURL }) => {
    const t = localeText(lang);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
    const page = await context.newPage();
    // Turning live costs the server nothing per phone beyond the join (decision 034): the push
    // carries the sermon, and the captions come over the lobby's own socket.
    const sermonReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sermons/by-broadcast/')) sermonReads.push(request.url());
    });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await arriveBeforeTheService(page);
    await page.goto(`${LOBBY}?lng=${lang}`);
    await expect(page.getByRole('heading', { name: 'Harbour City Church' })).toBeVisible();
    await expect(page.getByText(t('lobby.nextService'))).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/\d\d:\d\d:\d\d/);
    await page.getByRole('combobox', { name: t('lobby.language') }).selectOption('pt');
    await expect(page.getByRole('combobox', { name: t('lobby.language') })).toHaveValue('pt');
    expect(await seriousViolations(page)).toEqual([]);
    const size = await overflow(page);
    expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);

    const speaker = await goLiveAsSpeaker(baseURL!);
    try {
      const wentLive = Date.now();
      const captions = page.getByRole('log', { name: t('live.listener.captions') });
      await expect(captions).toBeVisible({ timeout: 2_000 });
      expect(Date.now() - wentLive).toBeLessThan(2_000);
      await speaker.say('Welcome to our Sunday service.');
      await expect(captions).toContainText('[PT demo] Welcome to our Sunday service.');
      expect(sermonReads).toEqual([]);
      expect(sockets.filter((url) => url.includes('/socket.io/'))).toHaveLength(1);
    } finally {
      await speaker.end();
    }
    // After the end: it says so and offers the transcript.
    await expect(page.getByRole('button', { name: t('live.listener.readTranscript') })).toBeVisible();
    await context.close();
  });
}

test('an unknown join code says so in the visitor’s language', async ({ page }) => {
  const t = localeText('es');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/l/NOPE99?lng=es');
  await expect(page.getByText(t('lobby.notFoundTitle'))).toBeVisible();
});
