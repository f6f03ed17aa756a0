import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';
import { startSpeaker, stopSermon, typeLines } from './live-helpers';

test('the OBS overlay turns live by itself with a transparent background, and the sermon’s WebVTT loads in a <track>', async ({ browser }) => {
  // The administrator copies the overlay link from Manage Church.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await admin.newPage();
  await signInThroughForm(adminPage, 'admin@demo.church');
  await adminPage.goto('/church');
  const card = adminPage.locator('div').filter({ has: adminPage.getByRole('heading', { name: 'Caption overlay for OBS' }) }).last();
  const link = await card.getByRole('link', { name: /\/overlay\// }).textContent();
  expect(link).toMatch(/\/overlay\/[\w-]{32}$/);

  // OBS's browser source: 1920×1080, opened before the sermon starts.
  const obs = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await obs.newPage();
  await overlay.goto(link!);
  await expect(overlay.getByTestId('overlay')).toBeAttached();
  expect(await overlay.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor])).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  expect((await overlay.getByTestId('overlay').textContent())?.trim()).toBe('');

  const speaker = await startSpeaker(browser);
  const said = Date.now();
  await typeLines(speaker.page, ['Welcome to Harbourside this morning.']);
  await expect(overlay.getByTestId('overlay')).toContainText('Harbourside', { timeout: 10_000 });
  // The church's spoken language first, not Arabic (the first of its list of languages).
  await expect(overlay.getByTestId('overlay').locator('[lang]')).toHaveAttribute('lang', 'en');
  // A long line is shown whole, wrapped inside the frame, never cut from its front.
  const long = 'Grace and peace to every one of you in our own language this morning, from the youngest to the oldest among us here today.';
  await typeLines(speaker.page, [long]);
  await expect(overlay.getByTestId('overlay')).toContainText(long);
  const box = (await overlay.getByTestId('overlay').locator('[lang]').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1920);
  expect(box.y + box.height).toBeLessThanOrEqual(1080);
  await overlay.screenshot({ path: test.info().outputPath('overlay.png'), omitBackground: true });
  const answer = await overlay.request.get(`/api/v1/overlay/${link!.split('/').at(-1)}`);
  const { sermonId } = (await answer.json()) as { sermonId: string };
  await stopSermon(speaker.page);

  // Chromium's own WebVTT parser reads the file; its cue starts when the words were said.
  const sermon = await adminPage.request.get(`/api/v1/sermons/${sermonId}`);
  const startedAt = Date.parse(((await sermon.json()) as { startedAt: string }).startedAt);
  await adminPage.goto('/dashboard');
  const cues = await adminPage.evaluate(async (src) => {
    const video = document.createElement('video');
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = src;
    track.default = true;
    video.append(track);
    document.body.append(video);
    track.track.mode = 'hidden';
    await new Promise((resolve, reject) => { track.onload = resolve; track.onerror = reject; });
    return Array.from(track.track.cues ?? []).map((c) => ({ start: c.startTime, end: c.endTime, text: (c as VTTCue).text }));
  }, `/api/v1/sermons/${sermonId}/subtitles.vtt?lang=en`);
  // The two lines said; the long one may be cut into two cues of a readable length.
  expect(cues.length).toBeGreaterThanOrEqual(2);
  expect(cues.map((c) => c.text).join(' ')).toContain('Grace and peace to every one of you');
  expect(cues[0]!.text).toBe('Welcome to Harbourside this morning.');
  const saidAt = (said - startedAt) / 1000;
  expect(cues[0]!.start).toBeGreaterThanOrEqual(0);
  expect(cues[0]!.start).toBeLessThanOrEqual(saidAt + 3);
  expect(cues[0]!.end).toBeGreaterThan(cues[0]!.start);
  const srt = await adminPage.request.get(`/api/v1/sermons/${sermonId}/subtitles.srt?lang=en&offset=60`);
  expect(await srt.text()).toMatch(/^1\n00:01:\d\d,\d{3} --> 00:01:\d\d,\d{3}\nWelcome to Harbourside this morning\.\n\n2\n/);
  await Promise.all([admin.close(), obs.close(), speaker.context.close()]);
});
