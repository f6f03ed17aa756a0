import { expect, test } from '@playwright/test';
import { joinAsGuest, startSpeaker, stopSermon, typeLines } from './live-helpers';

test('a listener whose phone goes offline is told within 2 seconds, and gets every missed caption back', async ({ browser }) => {
  const speaker = await startSpeaker(browser);
  const listener = await joinAsGuest(browser, speaker.link, 'es');
  await typeLines(speaker.page, ['Heard before.']);
  await expect(listener.captions).toContainText('[ES demo] Heard before.');

  const wentOffline = Date.now();
  await listener.context.setOffline(true);
  await expect(listener.page.getByText('Offline', { exact: true })).toBeVisible({ timeout: 2000 });
  const shownAfterMs = Date.now() - wentOffline;
  test.info().annotations.push({ type: 'offline shown after (ms)', description: String(shownAfterMs) });
  console.log(`listener shown Offline ${shownAfterMs} ms after the network went`);
  expect(shownAfterMs).toBeLessThan(2000);
  await expect(listener.page.getByRole('alert')).toContainText('You are offline');

  await typeLines(speaker.page, ['Missed one.', 'Missed two.']);
  await expect(speaker.page.getByRole('list', { name: 'Sent to listeners' }).getByLabel('Sent')).toHaveCount(3);

  await listener.context.setOffline(false);
  await expect(listener.page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(listener.captions).toContainText('[ES demo] Missed one.');
  await expect(listener.captions).toContainText('[ES demo] Missed two.');
  const text = (await listener.captions.textContent()) ?? '';
  expect(text.indexOf('Missed one.')).toBeLessThan(text.indexOf('Missed two.'));

  await stopSermon(speaker.page);
  await Promise.all([speaker.context.close(), listener.context.close()]);
});
