import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeOn, serious } from './axe';
import { authenticator } from './authenticator';
import { DEMO_PASSWORD, signInThroughForm, uniqueEmail } from './fixtures';

/** A church administrator of the demo church, made by the platform administrator through the API. */
async function createChurchAdmin(request: APIRequestContext) {
  expect((await request.post('/api/v1/auth/login', { data: { email: 'platform@demo.church', password: DEMO_PASSWORD } })).ok()).toBe(true);
  const churches = (await (await request.get('/api/v1/churches/public')).json()) as Array<{ id: string; name: string }>;
  const church = churches.find((c) => c.name === 'Harbour City Church') ?? churches[0]!;
  const email = uniqueEmail('priscila');
  const password = 'Lanterns-at-dusk7';
  const res = await request.post('/api/v1/administrators', {
    data: { firstName: 'Priscila', lastName: 'Tavares', email, phone: '0411222333', suburb: 'Newtown', role: 'church_admin', churchId: church.id, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  await request.post('/api/v1/auth/logout');
  return { email, password };
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

test('an administrator sets up two-step sign-in, then signs in with a code and once with a recovery code', async ({ page, request }) => {
  const admin = await createChurchAdmin(request);
  await signInThroughForm(page, admin.email, admin.password);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.getByText(/^[A-Z2-7]{32}$/).textContent())!;
  const app = authenticator(key);
  await dialog.getByLabel('6-digit code').fill(app.next());
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codesDialog.getByText(/^[a-z2-9]{5}-[a-z2-9]{5}$/)).toHaveCount(10);
  const recoveryCodes = await codesDialog.getByText(/^[a-z2-9]{5}-[a-z2-9]{5}$/).allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  expect(serious((await axeOn(page).include('[role="dialog"]').analyze()).violations)).toEqual([]);
  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await logOut(page);

  // Password, then a wrong code, then the right one.
  await passwordStep(page, admin.email, admin.password);
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This code is not right or was already used. Try the newest code')).toBeVisible();
  await page.getByLabel('6-digit code').fill(app.next());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);

  // A recovery code works once.
  await passwordStep(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The profile lists this browser, and says how many recovery codes are left.
  await page.goto('/profile');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
  expect(serious((await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations)).toEqual([]);
});

test('a browser signed out from the devices list is signed out at once', async ({ page, browser, request }) => {
  const admin = await createChurchAdmin(request);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughForm(otherPage, admin.email, admin.password);
  await signInThroughForm(page, admin.email, admin.password);
  await page.goto('/profile');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await devices.getByRole('button', { name: /^Sign out: / }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await otherPage.goto('/profile');
  await expect(otherPage.getByText(/session|sign in/i).first()).toBeVisible();
  expect((await otherPage.request.get('/api/v1/me')).status()).toBe(401);
  await other.close();
});
