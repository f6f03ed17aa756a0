import { expect, test } from '@playwright/test';
import { signInThroughForm, solidPng } from './fixtures';

test('a church admin creates an event in the church time zone and adds two images, the first the cover', async ({ page }) => {
  await signInThroughForm(page, 'admin@demo.church');
  await page.goto('/events');
  await page.getByRole('link', { name: 'New event' }).click();
  const name = `Harvest Picnic ${Date.now().toString(36)}`;
  const year = new Date().getFullYear() + 1;
  await page.getByRole('textbox', { name: 'Event name' }).fill(name);
  await page.getByLabel('Starts').fill(`${year}-03-14T19:00`);
  await expect(page.getByText('In Sydney time, the church\'s time zone')).toBeVisible();
  await page.getByRole('textbox', { name: 'Place' }).fill('Hyde Park');
  await page.getByRole('textbox', { name: 'Description' }).fill('Bring a plate to share.');
  await page.getByRole('switch', { name: 'Public event' }).check();
  await page.getByRole('button', { name: 'Create event' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByLabel('Starts')).toHaveValue(`${year}-03-14T19:00`);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add images' }).click();
  await (await chooser).setFiles([
    { name: 'stage.png', mimeType: 'image/png', buffer: solidPng(64, 40, [200, 80, 40]) },
    { name: 'crowd.png', mimeType: 'image/png', buffer: solidPng(64, 40, [40, 120, 200]) },
  ]);
  await expect(page.getByRole('heading', { name: 'Images (2 of 10)' })).toBeVisible();
  await expect(page.getByText('Cover', { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Make image 2 the cover' }).click();
  await expect(page.getByRole('button', { name: 'Make image 1 the cover' })).toBeVisible();

  await page.goto('/events');
  await expect(page.getByRole('link', { name })).toBeVisible();
});
