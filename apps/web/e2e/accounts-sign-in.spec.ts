import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

test('the sign-in page loads at /', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Sermon Translate/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
});

test('a deep link is answered by the web app, not a 404', async ({ page }) => {
  const res = await page.goto('/privacy-policy');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});

const demoAccounts = [
  { email: 'platform@demo.church', userType: '1' },
  { email: 'admin@demo.church', userType: '2' },
  { email: 'staff@demo.church', userType: '3' },
  { email: 'member@demo.church', userType: '4' },
];

for (const account of demoAccounts) {
  test(`${account.email} signs in, lands on the dashboard and is stored as userType ${account.userType}`, async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await page.evaluate(() => ({
      userType: localStorage.getItem('userType'),
      userEmail: localStorage.getItem('userEmail'),
      firstName: localStorage.getItem('firstName'),
      lastName: localStorage.getItem('lastName'),
      churchId: localStorage.getItem('churchId'),
    }));
    expect(stored.userType).toBe(account.userType);
    expect(stored.userEmail).toBe(account.email);
    expect(stored.firstName).toBeTruthy();
    expect(stored.lastName).toBeTruthy();
    expect(stored.churchId).toMatch(/^[0-9a-f-]{36}$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
  });
}

test('a wrong password shows the spec message and stays signed out', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('admin@demo.church');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter the correct credentials');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBeNull();
});

test('empty fields are explained before anything is sent', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a visitor already signed in is sent from / to the dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('member@demo.church');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the language picker switches the sign-in page to Portuguese', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Português' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('pt');
});
