import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';
import { blockMapTiles, createDemoEvent } from './events-helpers';

test('a member downloads the event as a calendar file at the right time', async ({ page, context, request }) => {
  await blockMapTiles(context);
  const event = await createDemoEvent(request);
  await signInThroughForm(page, 'member@demo.church');
  await page.goto('/user/events');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Add ${event.name} to your calendar` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^journey-gathering-[a-z0-9-]+\.ics$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain(`SUMMARY:${event.name}`);
  // 19:00 in Sydney in June (AEST, UTC+10) is 09:00 UTC.
  expect(text).toContain(`DTSTART:${event.year}0620T090000Z`);
});
