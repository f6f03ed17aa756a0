import { expect, test } from '@playwright/test';
import { signInThroughForm as signIn } from './fixtures';

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
