import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { signInThroughForm } from './fixtures';
import { blockMapTiles, createDemoEvent } from './events-helpers';

async function checkAtBothWidths(page: Page, path: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await ready();
    expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
  }
}

// axe on every screen at two widths is slow on a shared machine: one test per role, generous time.
test.describe('churches and events screens have no serious or critical accessibility violation at 1280 and 390 px', () => {
  test.describe.configure({ timeout: 180_000 });
  let event: Awaited<ReturnType<typeof createDemoEvent>>;
  test.beforeAll(async ({ request }) => { event = await createDemoEvent(request); });
  test.beforeEach(async ({ context }) => { await blockMapTiles(context); });

  test('platform admin: churches list, new church, church page', async ({ page }) => {
    await signInThroughForm(page, 'platform@demo.church');
    await checkAtBothWidths(page, '/churches', () => expect(page.getByText('Harbour City Church').first()).toBeVisible({ timeout: 15_000 }));
    await checkAtBothWidths(page, '/churches/new', () => expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 15_000 }));
    await checkAtBothWidths(page, `/church?churchId=${event.churchId}`, () => expect(page.getByRole('button', { name: 'Church location pin' })).toBeVisible({ timeout: 15_000 }));
  });

  test('church admin: events tabs, event editor, new event', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.church');
    await checkAtBothWidths(page, '/events', () => expect(page.getByText(event.name).first()).toBeVisible({ timeout: 15_000 }));
    await checkAtBothWidths(page, '/events?status=expired', () => expect(page.getByText('Community Lunch').first()).toBeVisible({ timeout: 15_000 }));
    await checkAtBothWidths(page, `/events/${event.id}`, () => expect(page.getByRole('heading', { name: 'Images (0 of 10)' })).toBeVisible({ timeout: 15_000 }));
    await checkAtBothWidths(page, '/events/new', () => expect(page.getByRole('button', { name: 'Create event' })).toBeVisible({ timeout: 15_000 }));
  });

  test("member: the church's events", async ({ page }) => {
    await signInThroughForm(page, 'member@demo.church');
    await checkAtBothWidths(page, '/user/events', () => expect(page.getByRole('article', { name: event.name })).toBeVisible({ timeout: 15_000 }));
  });

  test('signed out: the public events page', async ({ page }) => {
    await checkAtBothWidths(page, `/churches/${event.churchId}/events`, () => expect(page.getByRole('article', { name: event.name })).toBeVisible({ timeout: 15_000 }));
  });
});
