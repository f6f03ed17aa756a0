import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';
import { startSpeaker, stopSermon, typeLines } from './live-helpers';

test('a member listens again to an ended sermon at 390 px in Portuguese: lines with their times; staff on a phone get the subtitle files and the recording link', async ({ browser }) => {
  const speaker = await startSpeaker(browser);
  await typeLines(speaker.page, ['Grace and peace to you.', 'Open your Bibles to the Psalms.']);
  await expect(speaker.page.getByText('Open your Bibles to the Psalms.')).toBeVisible();
  const sermonId = await speaker.page.evaluate(async () => {
    const res = await fetch('/api/v1/sermons?status=live');
    return ((await res.json()) as { items: Array<{ id: string }> }).items[0]!.id;
  });
  await stopSermon(speaker.page);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  const page = await phone.newPage();
  await signInThroughForm(page, 'member@demo.church');
  await page.goto(`/sermons/${sermonId}/listen-again?lang=en&lng=pt`);
  await expect(page.getByRole('heading', { name: 'Ouvir de novo' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Open your Bibles to the Psalms.')).toBeVisible();
  await expect(page.getByText(/^0:0\d$/).first()).toBeVisible();
  // A member reads; the recording link and subtitle files are the media team's tools.
  await expect(page.getByRole('link', { name: 'WebVTT' })).toHaveCount(0);
  await expect(page.getByLabel('Link da gravação')).toHaveCount(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('listen-again-390-pt.png'), fullPage: true });

  // Staff on a phone get the files, and the recording's address turns each time into a link to that moment.
  const staffPhone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  const staff = await staffPhone.newPage();
  await signInThroughForm(staff, 'staff@demo.church');
  await staff.goto(`/sermons/${sermonId}/listen-again?lang=en&lng=pt`);
  await expect(staff.getByText('Open your Bibles to the Psalms.')).toBeVisible({ timeout: 15_000 });
  await expect(staff.getByRole('link', { name: 'WebVTT' })).toHaveAttribute('href', new RegExp(`/sermons/${sermonId}/subtitles.vtt\\?lang=en`));
  await staff.getByLabel('Link da gravação').fill('https://youtu.be/abc123');
  await expect(staff.getByRole('link', { name: /Abrir a gravação em 0:0\d/ }).first()).toHaveAttribute('href', /youtu\.be\/abc123\?t=\d+s/);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await staffPhone.close();
  await Promise.all([phone.close(), speaker.context.close()]);
});
