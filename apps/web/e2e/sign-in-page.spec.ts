import { expect, test } from '@playwright/test';

test('the sign-in page loads at /', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Sermon Translate/);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('a deep link is answered by the web app, not a 404', async ({ page }) => {
  const res = await page.goto('/privacy-policy');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
