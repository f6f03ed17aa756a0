import { expect, test } from '@playwright/test';
import { signInThroughForm } from './fixtures';
import { blockMapTiles } from './events-helpers';

test('a platform admin creates a church, setting its location on the map picker with no tiles reachable', async ({ page, context }) => {
  await blockMapTiles(context);
  await signInThroughForm(page, 'platform@demo.church');
  await page.goto('/churches');
  await page.getByRole('link', { name: 'New church' }).click();
  await expect(page).toHaveURL(/\/churches\/new$/);

  // Every rule broken first: the form says so field by field, as the server would.
  await page.getByRole('textbox', { name: 'Church name' }).fill('.Grace');
  await page.getByRole('button', { name: 'Create church' }).click();
  await expect(page.getByText('Use letters, spaces and dots only, with no dot at the start or end')).toBeVisible();

  const name = `Grace Fellowship ${Date.now().toString(36).replace(/\d/g, '')}`;
  await page.getByRole('textbox', { name: 'Church name' }).fill(name);
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Hay Street');
  await page.getByRole('textbox', { name: 'Suburb or city' }).fill('East Perth');
  await page.getByRole('textbox', { name: 'State' }).fill('Western Australia');
  await page.getByRole('textbox', { name: 'Contact number' }).fill('0892223333');
  await page.getByRole('textbox', { name: 'Senior pastor' }).fill('Grace Ng');
  await page.getByRole('textbox', { name: "Pastor's phone" }).fill('0412345678');
  await page.getByRole('combobox', { name: 'Time zone' }).click();
  await page.getByRole('option', { name: 'Perth (Australia)' }).click();
  await page.getByRole('textbox', { name: 'Weekly stream limit (minutes)' }).fill('90');

  // The map is blank (tiles blocked) but a click still drops the pin and fills the coordinates.
  const map = page.getByRole('region', { name: 'Map for choosing the church location' });
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await map.locator('.leaflet-container').click({ position: { x: 200, y: 120 } });
  await expect(page.getByRole('button', { name: 'Church location pin' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Latitude' })).not.toHaveValue('');
  // Typed coordinates win: the exact spot of the church.
  await page.getByRole('textbox', { name: 'Latitude' }).fill('-31.9523');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('115.8613');

  await page.getByRole('button', { name: 'Create church' }).click();
  await expect(page).toHaveURL(/\/church\?churchId=/);
  await expect(page.getByRole('textbox', { name: 'Church name' })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('-31.9523');
  await expect(page.getByText('0 of 90 minutes used this week')).toBeVisible();

  await page.goto(`/churches?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 15_000 });
});

test('the church\'s map and its zoom buttons pass under the page header as the page scrolls', async ({ page, context }) => {
  await blockMapTiles(context);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughForm(page, 'admin@demo.church');
  await page.goto('/church');
  const zoomIn = page.locator('.leaflet-control-zoom-in');
  await expect(zoomIn).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  // Scrolled until the zoom button's middle is behind the header's.
  const button = (await zoomIn.boundingBox())!;
  await page.evaluate((by) => window.scrollBy(0, by), button.y + button.height / 2 - header.height / 2);
  const at = (await zoomIn.boundingBox())!;
  expect(Math.abs(at.y + at.height / 2 - header.height / 2)).toBeLessThan(4);
  const onTop = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('header')), [at.x + at.width / 2, at.y + at.height / 2]);
  expect(onTop, 'the header is above the zoom button').toBe(true);
});
