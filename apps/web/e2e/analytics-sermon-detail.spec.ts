import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';

test('a church admin opens an ended sermon and sees its listeners and transcript', async ({ page }) => {
  await signInThroughForm(page, 'admin@demo.church');
  await page.goto('/analytics?tab=ended');
  const table = page.getByRole('table', { name: 'Ended sermons' });
  await expect(table).toBeVisible();
  // Each sermon is named by its service before its preacher: "The Vine and the Branches · Samuel Staff".
  await table.getByRole('link', { name: /^The Vine and the Branches · Samuel Staff$/ }).click();
  await expect(page).toHaveURL(/\/analytics\/sermons\//);
  await expect(page.getByRole('heading', { name: 'The Vine and the Branches' })).toBeVisible();
  await expect(page.getByText(/^Samuel Staff · Harbour City Church · spoken in English$/)).toBeVisible();
  await expect(page.getByText('Minutes charged')).toBeVisible();
  const listeners = page.getByRole('table', { name: 'Listeners' });
  await expect(listeners.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(page.getByText('Good morning church', { exact: false })).toBeVisible();
});
