import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeOn, serious } from './axe';
import { authenticator } from './authenticator';
import { DEMO_PASSWORD, signInThroughForm, uniqueEmail } from './fixtures';

/** A platform administrator of their own (the demo one keeps signing in with a password alone). */
async function createPlatformAdmin(request: APIRequestContext) {
  expect((await request.post('/api/v1/auth/login', { data: { email: 'platform@demo.church', password: DEMO_PASSWORD } })).ok()).toBe(true);
  const email = uniqueEmail('benedita');
  const password = 'Vaults-at-midnight4';
  const res = await request.post('/api/v1/administrators', {
    data: { firstName: 'Benedita', lastName: 'Backup', email, phone: '0411222333', suburb: 'Newtown', role: 'platform_admin', password },
  });
  expect(res.status(), await res.text()).toBe(201);
  await request.post('/api/v1/auth/logout');
  return { email, password };
}

test('a platform administrator backs up now, watches it finish, and downloads it with a two-step code', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createPlatformAdmin(request);
  await signInThroughForm(page, admin.email, admin.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/backups$/);
  await expect(page.getByText(/A backup is made every day at 02:00 Australia\/Sydney and the newest 14 are kept/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to restore a backup' })).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  const list = page.getByRole('table', { name: 'Backups, newest first' });
  await expect(list.getByText('In progress').or(list.getByText('Good')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled({ timeout: 120_000 });
  const newest = list.getByRole('row').nth(1);
  await expect(newest.getByText('Good')).toBeVisible();
  // Who started it, by name (not the button's label).
  await expect(newest.getByText('Benedita Backup')).toBeVisible();
  expect(serious((await axeOn(page).analyze()).violations)).toEqual([]);

  // No two-step sign-in yet: the download says so and points to the profile.
  await newest.getByRole('button', { name: /^Download the backup of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Download a backup' });
  await expect(dialog.getByText('Two-step sign-in is needed')).toBeVisible();
  await dialog.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const enrol = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
  const app = authenticator((await enrol.getByText(/^[A-Z2-7]{32}$/).textContent())!);
  await enrol.getByLabel('6-digit code').fill(app.next());
  await enrol.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('dialog', { name: 'Your recovery codes' }).getByRole('button', { name: 'I have saved them' }).click();

  await page.goto('/backups');
  await list.getByRole('row').nth(1).getByRole('button', { name: /^Download the backup of / }).click();
  await expect(dialog.getByText('Enter a code from your authenticator app to download this backup.')).toBeVisible();
  await dialog.getByLabel('6-digit code').fill('000000');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog.getByText('This code is not right or was already used. Try the newest code')).toBeVisible();
  await dialog.getByLabel('6-digit code').fill(app.next());
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sermon-translate-.*\.stbackup$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 8).toString()).toBe('STBACKUP');

  // The audit log says who downloaded it.
  await page.goto('/audit?action=backup.downloaded');
  await expect(page.getByText('Backup downloaded').first()).toBeVisible();
});

test('the Backups screen in Portuguese on a phone', async ({ page, request }) => {
  const admin = await createPlatformAdmin(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughForm(page, admin.email, admin.password);
  // A phone set to Brazilian Portuguese (query lng, the first thing detection reads).
  await page.goto('/backups?lng=pt-BR');
  await expect(page.getByRole('button', { name: 'Fazer backup agora' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Como restaurar um backup' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backups, do mais recente ao mais antigo' }).getByRole('listitem').first()).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
