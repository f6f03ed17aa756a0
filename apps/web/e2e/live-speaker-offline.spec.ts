import { expect, test } from '@playwright/test';
import { joinAsGuest, startSpeaker, stopSermon, typeLines } from './live-helpers';

test('a speaker who loses the network keeps typing; the lines reach listeners in order once back', async ({ browser }) => {
  const speaker = await startSpeaker(browser);
  const listener = await joinAsGuest(browser, speaker.link, 'en');
  await typeLines(speaker.page, ['Before the drop.']);
  await expect(listener.captions).toContainText('Before the drop.');

  await speaker.context.setOffline(true);
  await expect(speaker.page.getByText('Reconnecting…')).toBeVisible();
  const offlineLines = ['First line said offline.', 'Second line said offline.', 'Third line said offline.'];
  await typeLines(speaker.page, offlineLines);
  await expect(speaker.page.getByText('Waiting to send (3)').first()).toBeVisible();
  // Nothing typed offline can have reached anyone yet.
  await expect(listener.captions).not.toContainText('First line said offline.');
  // A reload while offline keeps the waiting lines (they live in the browser's storage).
  expect(await speaker.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('live.outbox.')).length)).toBe(1);

  await speaker.context.setOffline(false);
  await expect(speaker.page.getByText(/Waiting to send/)).toHaveCount(0, { timeout: 15_000 });
  for (const line of offlineLines) await expect(listener.captions).toContainText(line);
  const text = (await listener.captions.textContent()) ?? '';
  const positions = ['Before the drop.', ...offlineLines].map((l) => text.indexOf(l));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  // Each line once, however many times it was sent.
  for (const line of offlineLines) expect(text.split(line).length - 1).toBe(1);
  await expect(speaker.page.getByRole('list', { name: 'Sent to listeners' }).getByRole('listitem')).toHaveCount(4);

  await stopSermon(speaker.page);
  await Promise.all([speaker.context.close(), listener.context.close()]);
});
