import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

// The dashboard at desktop and phone width, in English and Chinese: it fits, it is translated,
// and a screenshot is attached for a person to look at.
for (const [lang, welcome] of [['en', 'Welcome, Andrew'], ['zh', '欢迎，Andrew']] as const) {
  for (const width of [1280, 390]) {
    test(`the dashboard in ${lang} at ${width}px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await signIn(page, 'admin@demo.church');
      await page.goto(`/dashboard?lng=${lang}`);
      await expect(page.getByRole('heading', { name: welcome })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const shot = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`dashboard-${lang}-${width}.png`) });
      await testInfo.attach(`dashboard-${lang}-${width}`, { body: shot, contentType: 'image/png' });
    });
  }
}
