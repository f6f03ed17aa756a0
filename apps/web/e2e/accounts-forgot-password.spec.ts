import { expect, test } from '@playwright/test';
import { createMember, latestResetCode, signInThroughForm } from './fixtures';

test('a member resets a forgotten password with the mailed code and signs in with the new one', async ({ page, request }) => {
  const member = await createMember(request, 'Lydia');
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const sentAt = Date.now() - 1000;
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`If an account exists for ${member.email}`)).toBeVisible();
  const code = await latestResetCode(member.email, sentAt);

  // A wrong code first: the spec's message, and the page stays on the code step.
  const wrong = code === '0000' ? '1111' : '0000';
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code or request' })).toBeVisible();

  await page.getByLabel('Digit 1 of 4').click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Check code' }).click();

  await page.getByLabel('New password').fill('brand-new-1');
  await page.getByLabel('Confirm password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter the correct credentials' })).toBeVisible();
  await signInThroughForm(page, member.email, 'brand-new-1');
});

test('an unknown email gets the same answer, so nobody learns who is registered', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('If an account exists for nobody-here@example.com')).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 4')).toBeVisible();
});
