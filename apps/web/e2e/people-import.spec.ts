import { expect, test } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

test('a church admin imports people from a spreadsheet, checks the preview, watches it run and undoes it', async ({ page }) => {
  const tag = Date.now();
  // Letters only, for a name: a person without an email is known by name and phone (digits would be no name).
  const family = `Costa${String(tag).slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const csv = [
    'Person ID;First Name;Last Name;Mobile Phone Number;Home Email;Home Address City;Birthdate',
    `1;Maria;Santos;+61 412 345 678;maria.${tag}@example.com;Parramatta;07/04/1990`,
    `2;Joao;Pereira;(02) 9267 5555;joao.${tag}@example.com;Ryde;25/12/1985`,
    `3;Al;Li;123;not-an-email;;`,
    `4;Ana;${family};0412-111-222;;Manly;01/02/1970`,
    `5;Na;Wu;not a phone;na.${tag}@example.com;;`,
  ].join('\r\n');
  await signIn(page, 'admin@demo.church');
  await page.goto('/users');
  await page.getByRole('link', { name: 'Import people' }).click();
  // The template's columns, headed in the interface language, are offered before a file is chosen.
  await expect(page.getByRole('link', { name: 'Excel (XLSX)' })).toHaveAttribute('href', '/api/v1/people-imports/template.xlsx?language=en');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Spreadsheet file (CSV or XLSX)' }).click();
  await (await chooser).setFiles({ name: 'planning-center.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });

  // The columns were matched; the preview shows every row's outcome and why one is refused.
  await expect(page.getByRole('combobox', { name: 'Field for column Home Email' })).toHaveValue('Email');
  // Na Wu is kept though her phone is unreadable and her suburb missing: two warnings, not a refusal.
  await expect(page.getByText('New: 4')).toBeVisible();
  await expect(page.getByText('Refused: 1')).toBeVisible();
  await expect(page.getByText('2 warnings')).toBeVisible();
  await expect(page.getByText('Phone: Use digits, spaces, dashes, dots, brackets and a leading + only (left empty)')).toBeVisible();
  await expect(page.getByText('Suburb: Suburb is required (left empty)')).toBeVisible();
  await expect(page.getByText('Email: Nothing to know this person by', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download refused rows (CSV)' })).toBeVisible();

  await page.getByRole('button', { name: 'Import 4 people' }).click();
  await expect(page.getByText('Done: 4 people added, 0 updated.')).toBeVisible({ timeout: 15_000 });

  // The person without an email is a member who cannot sign in (and is sent no invitation).
  const people = await page.request.get(`/api/v1/users?q=${family}`);
  expect(await people.json()).toMatchObject({ items: [{ firstName: 'Ana', lastName: family, email: null, status: 'no_account' }] });

  await page.getByRole('button', { name: 'Undo import' }).click();
  await page.getByRole('dialog', { name: 'Undo this import?' }).getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('4 removed, 0 restored.')).toBeVisible();
});

test('on a phone the column table keeps its field choices on the screen, a long email among the samples', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.church');
  await page.goto('/users/import');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Spreadsheet file (CSV or XLSX)' }).click();
  const csv = ['First Name;Last Name;Home Email', `Maria;Silva;maria.silva.${Date.now()}@example.com`].join('\r\n');
  await (await chooser).setFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const field = page.getByRole('combobox', { name: 'Field for column Home Email' });
  await expect(field).toHaveValue('Email');
  const box = (await field.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390 - 16);
});
