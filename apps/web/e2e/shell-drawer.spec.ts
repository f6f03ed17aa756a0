import { expect, test } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

const adminMenu = ['Dashboard', 'Manage Church', 'Staff Members', 'Users', 'Events', 'Go Live', 'Follow-ups', 'View Feedback', 'Delete Requests', 'Audit Log', 'Manage Profile'];

test('at 1280px the menu is at the side and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.church');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(page.getByRole('banner').getByText('Andrew Admin')).toBeVisible();
});

for (const width of [800, 390]) {
  test(`at ${width}px the menu is a drawer opened by the menu button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signIn(page, 'admin@demo.church');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();

    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveText(adminMenu);
    await expect(drawer.getByText('Andrew Admin')).toBeVisible();

    await drawer.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    await burger.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();

    // Nothing spills sideways on a narrow screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('the drawer closes with Escape and gives focus back', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, 'member@demo.church');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('header items are hidden at 575px and shown at 576px; logout stays reachable', async ({ page }) => {
  await page.setViewportSize({ width: 576, height: 800 });
  await signIn(page, 'staff@demo.church');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Samuel Staff')).toBeVisible();
  await expect(banner.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await page.setViewportSize({ width: 575, height: 800 });
  await expect(banner.getByText('Samuel Staff')).toBeHidden();
  await expect(banner.getByRole('combobox', { name: 'Language' })).toBeHidden();
  await expect(banner.getByRole('button', { name: 'Switch to dark mode' })).toBeHidden();
  await expect(banner.getByRole('link', { name: 'Sermon Translate – go to the dashboard' })).toBeVisible();
  await banner.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone the drawer carries the language picker', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'member@demo.church');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Unirse a sermones en vivo' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
