import { expect, test } from '@playwright/test';
import { createMember, signInThroughForm, solidPng } from './fixtures';

test('a member edits their profile and uploads a photo', async ({ page, request }) => {
  const member = await createMember(request, 'Priscilla');
  await signInThroughForm(page, member.email, member.password);
  await page.goto('/profile');

  await expect(page.getByLabel('First name')).toHaveValue('Priscilla');
  // Work email and LinkedIn are for staff roles only.
  await expect(page.getByLabel('Work email')).toHaveCount(0);

  // A bad phone is explained and nothing is saved.
  await page.getByLabel('Phone').fill('12ab');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Use digits, spaces, dashes, dots, brackets and a leading + only')).toBeVisible();

  await page.getByLabel('First name').fill('Prisca');
  await page.getByLabel('Phone').fill('0499888777');
  await page.getByLabel('Address').fill('18 Tentmaker Lane');
  await page.getByRole('combobox', { name: 'Primary language' }).click();
  await page.getByRole('option', { name: 'Indonesian' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('firstName'))).toBe('Prisca');

  // Photo: choose a PNG, see the preview, save it.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, 64, [30, 120, 200]) });
  await expect(page.getByRole('img', { name: 'Preview of the new photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Photo updated')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Photo of Prisca Journey' });
  await expect(photo).toBeVisible();
  // The server re-encoded it and serves it back: the image really loads.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Everything is still there after a reload.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Prisca');
  await expect(page.getByLabel('Address')).toHaveValue('18 Tentmaker Lane');
  await expect(page.getByRole('combobox', { name: 'Primary language' })).toHaveValue('Indonesian');
  await expect(page.getByRole('img', { name: 'Photo of Prisca Journey' })).toBeVisible();

  // Removing the photo asks first.
  await page.getByRole('button', { name: 'Remove photo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove your photo?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Photo removed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
});

test('a photo over 5MB is refused before it is sent', async ({ page, request }) => {
  const member = await createMember(request, 'Dorcas');
  await signInThroughForm(page, member.email, member.password);
  await page.goto('/profile');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('The file is too large. Please choose an image under 5MB.')).toBeVisible();
});

test('changing the password needs the current one', async ({ page, request }) => {
  const member = await createMember(request, 'Phoebe');
  await signInThroughForm(page, member.email, member.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByLabel('New password').fill('olive-grove-1');
  await dialog.getByLabel('Confirm password').fill('olive-grove-1');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();

  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a staff member also edits their work email and LinkedIn', async ({ page }) => {
  await signInThroughForm(page, 'staff@demo.church', 'demo1234');
  await page.goto('/profile');
  await page.getByLabel('LinkedIn profile').fill('https://example.com/samuel');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter a valid LinkedIn profile address')).toBeVisible();
  await page.getByLabel('Work email').fill('samuel@harbour.church');
  await page.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/samuel-staff');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Work email')).toHaveValue('samuel@harbour.church');
});
