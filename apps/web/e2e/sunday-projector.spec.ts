import { expect, test, type Page } from '@playwright/test';
import { arriveBeforeTheService, goLiveAsSpeaker, overflow, seriousViolations } from './sunday-helpers';

const PROJECTOR = '/l/harbour/projector';

// Axe judges contrast at one instant: caught mid-fade, the Full screen button is half transparent.
// With reduced motion it is shown or hidden at once, as a visitor who asks for that sees it.
test.use({ reducedMotion: 'reduce' });

/** Every caption line and the corner inside the screen: nothing cut off, nothing to scroll. */
async function expectNothingCut(page: Page) {
  const size = await overflow(page);
  expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight).toBeLessThanOrEqual(size.clientHeight);
  const { width, height } = page.viewportSize()!;
  const newest = page.locator('section p').last();
  for (const el of [newest, page.getByRole('button', { name: 'Full screen' }), page.getByRole('img', { name: /^QR code/ })]) {
    const box = await el.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height + 0.5);
  }
}

test('the projector view asks for languages when none are given', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(PROJECTOR);
  await page.getByRole('checkbox', { name: /^Português/ }).check();
  await page.getByRole('checkbox', { name: /^Español/ }).check();
  await page.getByRole('button', { name: 'Show captions' }).click();
  await expect(page).toHaveURL(/languages=pt%2Ces|languages=pt,es/);
  await expect(page.getByText('Scan to follow on your phone', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [width, height] of [[1920, 1080], [1280, 720], [1080, 1920]] as const) {
  test(`the projector view at ${width}×${height} waits, then follows the sermon in two languages with nothing cut off`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height });
    await arriveBeforeTheService(page);
    await page.goto(`${PROJECTOR}?languages=pt,es`);
    await expect(page.getByText('Harbour City Church', { exact: true })).toBeVisible();
    await expect(page.getByRole('timer')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const speaker = await goLiveAsSpeaker(baseURL!);
    try {
      const pt = page.getByRole('region', { name: /^Português/ });
      const es = page.getByRole('region', { name: /^Español/ });
      await expect(pt).toBeVisible({ timeout: 2_000 });
      await expect(es).toBeVisible();
      const lines = Array.from({ length: 14 }, (_, i) => `Line ${i + 1}: grace and peace to you from God our Father, now and always.`);
      for (const line of lines) await speaker.say(line);
      // The starter glossary gives "grace" and "God" each language's own word (docs/decisions/025).
      await expect(pt).toContainText('[PT demo] Line 14: graça and peace to you from Deus our Father, now and always.');
      await expect(es).toContainText('[ES demo] Line 14: gracia and peace to you from Dios our Father, now and always.');
      await expectNothingCut(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/projector-${width}x${height}.png` });
    } finally {
      await speaker.end();
    }
    // Back to the lobby state, ready for the next service.
    await expect(page.getByText('The service has ended. Thank you for joining us.')).toBeVisible();
  });
}
