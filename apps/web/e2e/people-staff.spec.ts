import { expect, test } from '@playwright/test';
import { signInThroughForm, uniqueEmail } from './fixtures';

for (const width of [1280, 390]) {
  test(`a church admin adds a staff member with pay details and reveals them once (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughForm(page, 'admin@demo.church');
    await page.goto('/staff-members');
    await page.getByRole('link', { name: 'Add staff member' }).click();
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill(`Raman${width === 1280 ? 'Wide' : 'Narrow'}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('priya'));
    await page.getByLabel('Phone').fill('0412345678');
    await page.getByLabel('Suburb').fill('Strathfield');
    await page.getByLabel('Job title').fill('Children’s ministry lead');
    await page.getByLabel('Salary or hourly rate').fill('58000');
    await page.getByLabel('BSB').fill('062000');
    await page.getByLabel('Account number').fill('44556677');
    // A TFN whose check digit is wrong is refused on its field.
    await page.getByLabel('TFN or ABN').fill('123456789');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-harbour7');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await expect(page.getByText('Enter a valid TFN (8 or 9 digits) or ABN (11 digits)')).toBeVisible();
    await page.getByLabel('TFN or ABN').fill('123 456 782');
    await page.getByRole('button', { name: 'Add staff member' }).click();

    await expect(page).toHaveURL(/\/staff-members\/[0-9a-f-]{36}$/);
    await expect(page.getByText('••••782')).toBeVisible();
    await expect(page.getByText('123456782')).toHaveCount(0);
    await page.getByRole('button', { name: 'Reveal pay details' }).click();
    await expect(page.getByText('123456782')).toBeVisible();
    await expect(page.getByText('44556677')).toBeVisible();

    // The list never shows pay.
    await page.goto('/staff-members');
    await expect(page.getByRole('link', { name: `Priya Raman${width === 1280 ? 'Wide' : 'Narrow'}` })).toBeVisible();
    await expect(page.getByText('44556677')).toHaveCount(0);
  });
}
