import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './fixtures';

// An error the renderer cannot place (a lazy screen suspending where no boundary catches it, say)
// may still leave a working page, so only the page's own error events tell. These are the pages
// every visitor opens first.
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message || String(err)));
  return errors;
}

test('the first pages, signed out and signed in, raise no uncaught error', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('textbox', { name: /^First name/ })).toBeVisible();
  await page.goto('/l/HARBOUR');
  await expect(page.getByRole('heading', { name: 'Harbour City Church' })).toBeVisible();
  await signInThroughForm(page, 'admin@demo.church');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // Page loads of signed-in screens (a bookmark, a refresh), not only moves within the app.
  for (const [path, heading] of [['/users', 'Users'], ['/events', 'Events'], ['/dashboard', /^Welcome/], ['/profile', 'Manage Profile']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: /^Open messages/ }).click();
  await expect(page.getByRole('region', { name: 'Messages panel' })).toBeVisible();
  expect(errors).toEqual([]);
});
