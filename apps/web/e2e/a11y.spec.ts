import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { signInThroughForm as signIn } from './fixtures';

// Every view in its resting state is walked in a11y-full-walk.spec.ts; these are the states that
// walk does not reach: dark mode, and the drawer open on a phone.
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
