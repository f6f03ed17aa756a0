import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';

test.describe('dashboard: apply filters and see charts', () => {
  test('a church admin applies "This month" and sees tiles and charts, with the filters in the URL', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.church');
    // The first view is not empty: the last 30 days at once, the filters still there to change them.
    await expect(page.getByRole('link', { name: /^Accepted Jesus: \d+$/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveValue('Last 30 days');
    // The pending deletion requests open the requests to review, not the admin's own deletion form.
    await expect(page.getByRole('link', { name: /^Deletion requests waiting: \d+$/ })).toHaveAttribute('href', '/deletion-requests');
    await page.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: 'This month' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/range=month/);
    await expect(page.getByRole('link', { name: /^Accepted Jesus: \d+$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Listeners and new members over time' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Languages listened\./ })).toBeVisible();
    // The applied filters live in the URL: a reload shows the same figures without pressing again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Salvations over time' })).toBeVisible();
  });

  test('on a phone in Indonesian the same figures load after "Terapkan filter"', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?lng=id');
    await page.getByRole('textbox', { name: 'Email' }).fill('platform@demo.church');
    await page.locator('input[type=password]').first().fill('demo1234');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Bahasa yang didengar' })).toBeVisible();
    await page.getByRole('button', { name: 'Terapkan filter' }).click();
    await expect(page).toHaveURL(/range=30d/);
  });
});
