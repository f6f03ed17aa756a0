import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

const shown = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/**
 * The path and query the browser shows once every guard has run. A guard may run after the network
 * is quiet (the listener's pages load their own code first), so a path expected to move is waited
 * for, and then checked again once the page is idle, so it also stays.
 */
async function landOn(page: Page, path: string, expected = path) {
  await page.goto(path);
  await expect.poll(() => shown(page), { timeout: 15_000 }).toBe(expected);
  await page.waitForLoadState('networkidle');
  return shown(page);
}

test.describe('signed out', () => {
  for (const path of ['/dashboard', '/today-sermons', '/users', '/basic/typography', '/real-time-sermon-translation', '/join/AB12CD', '/live-sermon-translator']) {
    test(`${path} needs a stored email and goes to /`, async ({ page }) => {
      expect(await landOn(page, path, '/')).toBe('/');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  }

  for (const path of ['/golive', '/golive?userId=u1', '/golive?churchId=c1', '/joinlive', '/joinlive?churchId=c1&userId=']) {
    test(`${path} without both userId and churchId goes to /`, async ({ page }) => {
      expect(await landOn(page, path, '/')).toBe('/');
    });
  }

  test('/golive and /joinlive open with userId and churchId', async ({ page }) => {
    expect(await landOn(page, '/golive?userId=u1&churchId=c1')).toBe('/golive?userId=u1&churchId=c1');
    expect(await landOn(page, '/joinlive?churchId=c1&userId=u1')).toBe('/joinlive?churchId=c1&userId=u1');
  });

  test('/sermon/join/{id} opens with a churchId and needs no userId', async ({ page }) => {
    expect(await landOn(page, '/sermon/join/AB12CD?churchId=c1')).toBe('/sermon/join/AB12CD?churchId=c1');
  });

  test('/sermon/join/{id} with no church known goes on to /joinlive, whose own guard ends at /', async ({ page }) => {
    expect(await landOn(page, '/sermon/join/AB12CD', '/')).toBe('/');
  });

  test('an unknown path goes to /', async ({ page }) => {
    expect(await landOn(page, '/no-such-page', '/')).toBe('/');
  });

  test('the privacy policy is readable without signing in, outside the shell', async ({ page }) => {
    expect(await landOn(page, '/privacy-policy')).toBe('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy and terms of use' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('signed in as a member of Harbour City Church', () => {
  let churchId = '';
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'member@demo.church');
    churchId = (await page.evaluate(() => localStorage.getItem('churchId'))) ?? '';
    expect(churchId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('/ goes to the dashboard', async ({ page }) => {
    expect(await landOn(page, '/', '/dashboard')).toBe('/dashboard');
  });

  test('an unknown path goes to the dashboard', async ({ page }) => {
    expect(await landOn(page, '/no-such-page', '/dashboard')).toBe('/dashboard');
  });

  test('/today-sermons is the dashboard screen', async ({ page }) => {
    expect(await landOn(page, '/today-sermons')).toBe('/today-sermons');
    await expect(page.getByRole('heading', { name: 'Welcome, Martha' })).toBeVisible();
  });

  for (const path of ['/live-sermon-translator', '/join/AB12CD', '/sermon/join/AB12CD']) {
    test(`${path} takes the stored church id into the query`, async ({ page }) => {
      expect(await landOn(page, path, `${path}?churchId=${churchId}`)).toBe(`${path}?churchId=${churchId}`);
    });
  }

  test('a church in the query is kept as given', async ({ page }) => {
    expect(await landOn(page, '/live-sermon-translator?churchId=given')).toBe('/live-sermon-translator?churchId=given');
  });

  test('the privacy policy opens inside the shell, under its menu item', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy and terms of use' })).toBeVisible();
  });

  test("the member's own screens open inside the shell, none of them a placeholder", async ({ page }) => {
    for (const [path, title] of [['/feedback', 'Feedback'], ['/request-delete', 'Delete My Account'], ['/user/events', 'Events']]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await expect(page.getByText('Coming soon')).toHaveCount(0);
    }
  });
});
