import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import { joinAsGuest, startSpeaker } from './live-helpers';

test('the speaker is told at once when an administrator ends the sermon, and the screen stops saying live', async ({ browser, playwright, baseURL }) => {
  const speaker = await startSpeaker(browser);
  const listener = await joinAsGuest(browser, speaker.link, 'en');
  await expect(speaker.page.getByText('Live', { exact: true })).toBeVisible();

  // The church administrator ends it from elsewhere.
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/v1/auth/login', { data: { email: 'admin@demo.church', password: DEMO_PASSWORD } })).ok()).toBe(true);
  const broadcastId = new URL(speaker.link).pathname.split('/').at(-1)!;
  const { sermon } = (await (await admin.get(`/api/v1/sermons/by-broadcast/${broadcastId}`)).json()) as { sermon: { id: string } };
  expect((await admin.post(`/api/v1/sermons/${sermon.id}/end`)).ok()).toBe(true);

  await expect(speaker.page.getByText('This sermon has ended')).toBeVisible({ timeout: 5000 });
  await expect(speaker.page.getByText('An administrator ended the sermon.')).toBeVisible();
  await expect(speaker.page.getByText('Live', { exact: true })).toHaveCount(0);
  await expect(listener.page.getByText('This sermon has ended')).toBeVisible();
  await expect(listener.page).toHaveTitle(/This sermon has ended/);

  await admin.dispose();
  await Promise.all([speaker.context.close(), listener.context.close()]);
});
