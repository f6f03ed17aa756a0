import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

type Tree = { [key: string]: string | Tree };
const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../src/i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
const text = (tree: Tree, key: string) => key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;

// A raw translation key on screen looks like `auth.signIn.title`.
const rawKey = /\b(auth|fields|common|nav|shell|errors|validation|signup|privacy)\.[a-z]\w*(\.\w+)*/;

for (const lang of ['en', 'pt', 'es', 'id', 'zh']) {
  test(`the sign-in page in ${lang} (?lng=${lang}) is fully translated and remembered`, async ({ page }) => {
    const t = locale(lang);
    await page.goto(`/?lng=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: text(t, 'auth.signIn.title') })).toBeVisible();
    await expect(page.getByLabel(text(t, 'fields.email'))).toBeVisible();
    await expect(page.getByRole('button', { name: text(t, 'auth.signIn.submit') })).toBeVisible();
    await expect(page.getByRole('combobox', { name: text(t, 'fields.language') })).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);

    // The choice is cached in local storage and survives a visit without the query.
    // The prerendered page shows before the app runs: the choice is stored once it does.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(lang);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  });
}

test('the i18next cookie chooses the language when there is no query', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18next', value: 'id', url: baseURL! }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('heading', { level: 1, name: text(locale('id'), 'auth.signIn.title') })).toBeVisible();
});

test.describe('with a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });
  test('the browser language is used when nothing else is set', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(page.getByRole('heading', { level: 1, name: text(locale('zh'), 'auth.signIn.title') })).toBeVisible();
  });
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });
  test('an unsupported browser language falls back to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});

test('the privacy policy reads in each language without signing in', async ({ page }) => {
  for (const lang of ['en', 'pt', 'es', 'id', 'zh']) {
    const t = locale(lang);
    await page.goto(`/privacy-policy?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: text(t, 'privacy.title') })).toBeVisible();
    const body = await page.locator('main').innerText();
    for (const fact of ['13', '18', '30', 'TLS 1.2']) expect(body, `${lang}: ${fact}`).toContain(fact);
    expect(body).not.toMatch(rawKey);
  }
});
