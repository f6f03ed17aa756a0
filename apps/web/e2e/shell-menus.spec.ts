import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

/** Signs in through the form at `/`, as a person would. */
const storedValues = (page: Page) =>
  page.evaluate(() => Object.fromEntries(['userType', 'userEmail', 'firstName', 'lastName'].map((k) => [k, localStorage.getItem(k)])));

// Spec section 2, "Menu items by role": every role sees exactly these, in this order.
const demo = [
  {
    email: 'platform@demo.church', userType: '1', name: 'Paula Platform',
    menu: ['Dashboard', 'Manage Administrators', 'Staff Members', 'Users', 'Churches', 'Events', 'Follow-ups', 'View Feedback', 'Delete Requests', 'Audit Log', 'Backups', 'Manage Profile'],
  },
  {
    email: 'admin@demo.church', userType: '2', name: 'Andrew Admin',
    menu: ['Dashboard', 'Manage Church', 'Staff Members', 'Users', 'Events', 'Go Live', 'Follow-ups', 'View Feedback', 'Delete Requests', 'Audit Log', 'Manage Profile'],
  },
  {
    email: 'staff@demo.church', userType: '3', name: 'Samuel Staff',
    menu: ['Dashboard', 'Users', 'Events', 'Go Live', 'Follow-ups', 'Manage Profile'],
  },
  {
    email: 'member@demo.church', userType: '4', name: 'Martha Member',
    menu: ['Dashboard', 'Join Live Sermons', 'Events', 'Privacy Policy', 'Delete My Account', 'Feedback', 'Manage Profile'],
  },
];

test.use({ viewport: { width: 1280, height: 900 } });

for (const person of demo) {
  test(`${person.email} signs in and sees exactly the menu of userType ${person.userType}`, async ({ page }) => {
    await signIn(page, person.email);
    const [firstName, lastName] = person.name.split(' ');
    expect(await storedValues(page)).toEqual({ userType: person.userType, userEmail: person.email, firstName, lastName });

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText(person.menu);
    await expect(page.getByRole('banner').getByText(person.name)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Each item leads where it says, and the breadcrumb bar takes its title.
    const last = person.menu.at(-2)!;
    await menu.getByRole('link', { name: last }).click();
    await expect(page.getByRole('heading', { level: 1, name: last })).toBeVisible();
    await expect(menu.getByRole('link', { name: last })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${last} · Sermon Translate`);
  });
}

test('the logo leads back to the dashboard', async ({ page }) => {
  await signIn(page, 'staff@demo.church');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('link', { name: 'Sermon Translate – go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout keeps only the chosen language and returns to the sign-in page', async ({ page }) => {
  await signIn(page, 'member@demo.church');
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Português' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await page.getByRole('button', { name: 'Mudar para o modo escuro' }).click();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ i18nextLng: 'pt' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The server session is gone too, and the signed-in area is closed again.
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('dark mode is chosen in the header and remembered', async ({ page }) => {
  await signIn(page, 'admin@demo.church');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the menu can be collapsed to icons and moved to the top', async ({ page }) => {
  await signIn(page, 'admin@demo.church');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(menu.getByRole('link', { name: 'Go Live' })).toHaveText('');
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(menu.getByRole('link', { name: 'Go Live' })).toHaveText('Go Live');

  await page.getByRole('button', { name: 'Show the menu across the top' }).click();
  const top = page.getByRole('main').getByRole('navigation', { name: 'Main menu' });
  await expect(top.getByRole('link')).toHaveText(['Dashboard', 'Manage Church', 'Staff Members', 'Users', 'Events', 'Go Live', 'Follow-ups', 'View Feedback', 'Delete Requests', 'Audit Log', 'Manage Profile']);
  await top.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the menu at the side' }).click();
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
});

test('the UI kit pages show the project components', async ({ page }) => {
  await signIn(page, 'admin@demo.church');
  await page.goto('/basic/typography');
  await expect(page.getByRole('heading', { level: 1, name: 'Typography' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('UI kit');
  const kit = page.getByRole('navigation', { name: 'UI kit pages' });
  await expect(kit.getByRole('link')).toHaveText(['Buttons', 'Badges', 'Breadcrumbs and paging', 'Collapse', 'Tabs and pills', 'Typography']);
  for (const [name, heading] of [['Buttons', 'Variants'], ['Badges', 'Statuses'], ['Breadcrumbs and paging', 'List paging'], ['Collapse', 'Accordion'], ['Tabs and pills', 'Chips']]) {
    await kit.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
});
