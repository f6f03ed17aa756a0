import { expect, test } from '@playwright/test';
import { walk } from './a11y-walk-helpers';
import { signInThroughForm } from './fixtures';

// The walk a church administrator, a platform administrator and a signed-out visitor make, in
// Portuguese and English, at a phone's and a desktop's width: no view may have a serious or critical
// axe finding. Only the views that held findings, for CI's time; a11y-full-walk.spec.ts walks them all.

const importFile = {
  name: 'people.csv',
  mimeType: 'text/csv',
  // Over one page of preview rows (the pager shows), one refused (the reason shows in red).
  buffer: Buffer.from(['First Name;Last Name;Mobile Phone Number;Home Email', '1;Al;123;not-an-email',
    ...Array.from({ length: 55 }, (_, i) => `Walk${'abcdefghij'[i % 10]};Person${'abcdefghij'[Math.floor(i / 10)]};;walk.${i}.${Date.now()}@example.com`)].join('\r\n')),
};

test.describe('every view of the walk has no serious or critical accessibility finding, pt-BR and en, 1280 and 390 px', () => {
  test.describe.configure({ timeout: 240_000 });

  test('church administrator', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.church');
    const sermons = await page.request.get('/api/v1/analytics/sermons?status=ended&pageSize=1');
    const sermonId = ((await sermons.json()) as { items: Array<{ id: string }> }).items[0]!.id;
    const found: string[] = [];
    await walk(page, [
      // The views that held findings (a CI budget of about two minutes for the walk): the sermon's
      // transcript, Manage Church's tables, the import preview and the phone menu.
      { path: `/analytics/sermons/${sermonId}` },
      { path: '/church' },
      {
        path: '/users/import',
        act: async (p) => {
          const chooser = p.waitForEvent('filechooser');
          await p.locator('.mantine-FileInput-input').click();
          await (await chooser).setFiles(importFile);
          await expect(p.getByRole('navigation').filter({ has: p.getByRole('button', { name: '2' }) }).first()).toBeVisible({ timeout: 15_000 });
        },
      },
      {
        path: '/dashboard',
        act: async (p) => {
          await p.setViewportSize({ width: 390, height: 844 });
          await p.getByRole('banner').getByRole('button').first().click();
          await expect(p.getByRole('dialog')).toBeVisible();
        },
        widths: [390],
      },
    ], found);
    expect(found).toEqual([]);
  });

  test('platform administrator and a signed-out visitor', async ({ page }) => {
    await signInThroughForm(page, 'platform@demo.church');
    const found: string[] = [];
    await walk(page, [{ path: '/backups' }, { path: '/churches' }], found);
    await page.context().clearCookies();
    await walk(page, [{ path: '/l/HARBOUR' }, { path: '/l/HARBOUR/projector' }], found);
    expect(found).toEqual([]);
  });
});
