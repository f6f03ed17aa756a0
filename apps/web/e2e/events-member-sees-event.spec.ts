import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';
import { blockMapTiles, createDemoEvent } from './events-helpers';

test('a member sees the church event as a card, at its Sydney time, with the church on the map', async ({ page, context, request }) => {
  await blockMapTiles(context);
  const event = await createDemoEvent(request);
  await signInThroughForm(page, 'member@demo.church');
  await page.goto('/user/events');
  const card = page.getByRole('article', { name: event.name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`June 20, ${event.year}`, { exact: false })).toBeVisible();
  await expect(card.getByText('7:00 PM', { exact: false })).toBeVisible();
  await expect(card.getByText('(Sydney time)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map showing where Harbour City Church is' })).toBeVisible();
});
