import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { signInThroughForm as signIn } from './fixtures';

test('the sign-in page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the privacy policy, signed out, has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const email of ['platform@demo.church', 'member@demo.church']) {
  test(`the dashboard of ${email} has no serious or critical accessibility violation, light and dark`, async ({ page }) => {
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the privacy policy inside the shell, and the drawer on a phone, have no serious or critical violation', async ({ page }) => {
  await signIn(page, 'member@demo.church');
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  // Colours are only final once the drawer has finished sliding in.
  await expect.poll(() => seriousViolations(page), { timeout: 5_000 }).toEqual([]);
});

test('every control on the UI kit pages has an accessible name', async ({ page }) => {
  await signIn(page, 'admin@demo.church');
  for (const path of ['/basic/button', '/basic/badges', '/basic/breadcrumb-paging', '/basic/collapse', '/basic/tabs-pills', '/basic/typography']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'UI kit pages' })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
