import { expect, test } from '@playwright/test';
import { joinAsGuest, startSpeaker, stopSermon, typeLines } from './live-helpers';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
]) {
  test(`the newest caption stays in view at ${viewport.width}×${viewport.height}, with every control within reach`, async ({ browser }) => {
    const speaker = await startSpeaker(browser);
    const listener = await joinAsGuest(browser, speaker.link, 'en', viewport);
    const lines = Array.from({ length: 14 }, (_, i) => `Line number ${i + 1} of a sermon long enough to fill a phone screen.`);
    await typeLines(speaker.page, lines);
    const newest = listener.captions.getByText(lines.at(-1)!);
    await expect(newest).toBeVisible();
    await expect(newest).toBeInViewport({ ratio: 1 });

    // Larger text must not push the newest caption, or the controls, off the screen.
    await listener.page.getByRole('button', { name: 'Larger text' }).click();
    await listener.page.getByRole('button', { name: 'Larger text' }).click();
    await expect(newest).toBeInViewport({ ratio: 1 });
    for (const name of ['Larger text', 'Smaller text']) {
      const button = listener.page.getByRole('button', { name });
      await expect(button).toBeInViewport();
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    const select = (await listener.page.getByLabel('Listening language').boundingBox())!;
    expect(select.height).toBeGreaterThanOrEqual(44);
    // The page itself does not scroll: only the caption list does.
    expect(await listener.page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);

    await stopSermon(speaker.page);
  await Promise.all([speaker.context.close(), listener.context.close()]);
  });
}
