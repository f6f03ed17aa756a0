import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './fixtures';
import { startSpeaker, stopSermon, typeLines } from './live-helpers';

const out = '/tmp/shots37';
const shot = (p: Page, name: string) => p.screenshot({ path: `${out}/${name}.png`, fullPage: true });

test('walk 37', async ({ browser }) => {
  test.setTimeout(150_000);
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-AU' });
    const page = await ctx.newPage();
    await signInThroughForm(page, 'admin@demo.church');
    await page.goto('/church?lng=pt');
    await page.waitForTimeout(2500);
    await shot(page, `church-${width}`);
    await ctx.close();
  }
  return;
  const speaker = await startSpeaker(browser);
  await typeLines(speaker.page, ['Grace and peace to you.', 'Open your Bibles to the Psalms.', 'The Lord is my shepherd, I shall not want.']);
  await expect(speaker.page.getByText('The Lord is my shepherd, I shall not want.')).toBeVisible();
  await speaker.page.screenshot({ path: `${out}/speaker-1280.png`, fullPage: true });
  const sermonId = await speaker.page.evaluate(async () => {
    const res = await fetch('/api/v1/sermons?status=live');
    return ((await res.json()) as { items: Array<{ id: string }> }).items[0]!.id;
  });
  await stopSermon(speaker.page);
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-AU' });
    const page = await ctx.newPage();
    await signInThroughForm(page, 'member@demo.church');
    await page.goto(`/sermons/${sermonId}/listen-again?lng=pt`);
    await page.waitForTimeout(3000);
    await shot(page, `listen-again-${width}`);
    await ctx.close();
    const actx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-AU' });
    const apage = await actx.newPage();
    await signInThroughForm(apage, 'admin@demo.church');
    await apage.goto(`/analytics/sermons/${sermonId}?lng=pt`);
    await apage.waitForTimeout(3000);
    await shot(apage, `analytics-sermon-${width}`);
    await actx.close();
  }
  await speaker.context.close();
});
