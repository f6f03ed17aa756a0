import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
const dir = '/tmp/shell-shots';

test('shots', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/privacy-policy?lng=pt');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/privacy-public-pt-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/privacy-policy?lng=en');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/privacy-public-en-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'member@demo.church');
  await page.goto('/privacy-policy');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/privacy-shell-en-1280.png` });
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.goto('/dashboard');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/dashboard-dark-1280.png` });
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/dashboard-dark-collapsed-1280.png` });
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.getByRole('button', { name: 'Show the menu across the top' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/dashboard-horizontal-1280.png` });
  await page.getByRole('button', { name: 'Show the menu at the side' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/drawer-en-390.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/feedback?lng=id');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/coming-soon-id-800.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const p of ['button', 'badges', 'breadcrumb-paging', 'collapse', 'tabs-pills', 'typography']) {
    await page.goto(`/basic/${p}?lng=en`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${dir}/basic-${p}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/basic/tabs-pills');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/basic-tabs-390.png`, fullPage: true });
});
