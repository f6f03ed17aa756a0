import { expect, test, type Page } from '@playwright/test';
import { walk, type View } from './a11y-walk-helpers';
import { signInThroughForm } from './fixtures';

// Every view of router.tsx and the listener entry that each role can open, on the demo data, in
// Portuguese and English at 1280 and 390 px: no serious or critical axe finding (WCAG 2.1 A and AA,
// best practice).
// A view two roles share on the same screen is walked once, as the church administrator; a role
// that sees a view otherwise (the platform's church, staff's follow-up) walks its own. 74 views,
// 148 page loads: 11 minutes on a 2-core machine at load 7, about a third of that on a quiet one.

/** The first item's id of a demo list, read with the signed-in page's session. */
async function firstId(page: Page, apiPath: string): Promise<string> {
  const res = await page.request.get(`/api/v1/${apiPath}`);
  expect(res.ok(), `${apiPath}: ${res.status()}`).toBe(true);
  const id = ((await res.json()) as { items: Array<{ id: string }> }).items[0]?.id;
  expect(id, `${apiPath} has an item`).toBeTruthy();
  return id!;
}

async function endedSermonId(page: Page) {
  return firstId(page, 'analytics/sermons?status=ended&pageSize=1');
}

const importFile = {
  name: 'people.csv',
  mimeType: 'text/csv',
  // Over one page of preview rows (the pager shows), one refused (the reason shows in red).
  buffer: Buffer.from(['First Name;Last Name;Mobile Phone Number;Home Email', '1;Al;123;not-an-email',
    ...Array.from({ length: 55 }, (_, i) => `Walk${'abcdefghij'[i % 10]};Person${'abcdefghij'[Math.floor(i / 10)]};;walk.${i}.${Date.now()}@example.com`)].join('\r\n')),
};

/** The import's preview of a file: its table, pager, warnings and refusals. */
const importPreview: View = {
  path: '/users/import',
  act: async (p) => {
    const chooser = p.waitForEvent('filechooser');
    await p.locator('.mantine-FileInput-input').click();
    await (await chooser).setFiles(importFile);
    await expect(p.getByRole('navigation').filter({ has: p.getByRole('button', { name: '2' }) }).first()).toBeVisible({ timeout: 15_000 });
  },
};

const analyticsTabs: View[] = ['salvations', 'live', 'ended', 'newUsers', 'cost'].map((tab) => ({ path: `/analytics?tab=${tab}` }));

/** The phone menu, open: the drawer is a dialog over the page. */
const phoneMenu: View = {
  path: '/dashboard',
  act: async (p) => {
    await p.setViewportSize({ width: 390, height: 844 });
    await p.getByRole('banner').getByRole('button').first().click();
    await expect(p.getByRole('dialog')).toBeVisible();
  },
  widths: [390],
};

test.describe('every view of every role has no serious or critical accessibility finding, pt-BR and en, 1280 and 390 px', () => {
  // A loaded CI machine walks a view in about 5 s, a quiet one in about 2. Each role's walk stands
  // alone (it only reads the demo data), so the walks spread over the workers (decision 050).
  test.describe.configure({ timeout: 600_000, mode: 'parallel' });

  test('platform administrator', async ({ page }) => {
    await signInThroughForm(page, 'platform@demo.church');
    const me = (await (await page.request.get('/api/v1/me')).json()) as { churchId: string };
    const admin = await firstId(page, 'administrators');
    const found: string[] = [];
    await walk(page, [
      // What only a platform administrator opens, or sees otherwise: shared views are walked once,
      // as the church administrator, to keep the walk inside CI's time.
      { path: '/dashboard' },
      { path: '/administrators' },
      { path: '/administrators/new' },
      { path: `/administrators/${admin}` },
      { path: '/churches' },
      { path: '/churches/new' },
      { path: `/church?churchId=${me.churchId}` },
      { path: '/backups' },
      { path: '/analytics?tab=cost' },
      { path: '/message-reports' },
      // The UI kit's pages show the same samples in every language: walked in one.
      ...['button', 'badges', 'breadcrumb-paging', 'collapse', 'tabs-pills', 'typography'].map((p) => ({ path: `/basic/${p}`, languages: ['en'] })),
    ], found);
    expect(found).toEqual([]);
  });

  // The church administrator's views are the most: walked in two halves, which two workers can share.
  test('church administrator: the church, its people and events', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.church');
    const [staff, user, event] = await Promise.all([firstId(page, 'staff'), firstId(page, 'users'), firstId(page, 'events')]);
    const found: string[] = [];
    await walk(page, [
      { path: '/dashboard' },
      phoneMenu,
      { path: '/church' },
      { path: '/church/glossary' },
      { path: '/church/glossary/starter' },
      { path: '/church/translation-flags' },
      { path: '/staff-members' },
      { path: '/staff-members/new' },
      { path: `/staff-members/${staff}` },
      { path: '/users' },
      { path: '/users/new' },
      importPreview,
      { path: `/users/${user}` },
      { path: '/events' },
      { path: '/events/new' },
      { path: `/events/${event}` },
    ], found);
    expect(found).toEqual([]);
  });

  test('church administrator: sermons, follow-ups, feedback, analytics and messages', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.church');
    const [followUp, sermon] = await Promise.all([firstId(page, 'follow-ups'), endedSermonId(page)]);
    const found: string[] = [];
    await walk(page, [
      { path: '/real-time-sermon-translation' },
      { path: '/follow-ups' },
      { path: `/follow-ups?open=${followUp}` },
      { path: '/all-feedback' },
      { path: '/deletion-requests' },
      { path: '/audit' },
      ...analyticsTabs,
      { path: `/analytics/sermons/${sermon}` },
      { path: `/sermons/${sermon}/listen-again` },
      { path: '/messages' },
      { path: '/profile' },
    ], found);
    expect(found).toEqual([]);
  });

  test('staff member', async ({ page }) => {
    await signInThroughForm(page, 'staff@demo.church');
    const followUp = await firstId(page, 'follow-ups');
    const found: string[] = [];
    await walk(page, [
      // A staff member's own menu, shown as to staff: the lists they share with the administrator
      // differ in what may be done, so each is walked once more.
      { path: '/dashboard' },
      { path: '/users' },
      { path: '/events' },
      { path: '/real-time-sermon-translation' },
      { path: `/follow-ups?open=${followUp}` },
      { path: '/analytics?tab=salvations' },
    ], found);
    expect(found).toEqual([]);
  });

  test('member', async ({ page }) => {
    await signInThroughForm(page, 'member@demo.church');
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string; churchId: string };
    const event = await firstId(page, 'events');
    const found: string[] = [];
    await walk(page, [
      { path: '/dashboard' },
      { path: `/live-sermon-translator?churchId=${me.churchId}` },
      { path: '/user/events' },
      { path: `/events/${event}` },
      { path: '/privacy-policy' },
      { path: '/request-delete' },
      { path: '/feedback' },
      { path: '/messages' },
      { path: '/profile' },
      { path: `/joinlive?churchId=${me.churchId}&userId=${me.id}` },
    ], found);
    expect(found).toEqual([]);
  });

  test('signed-out visitor and guest listener', async ({ page }) => {
    // The ids a visitor's links carry, read as the church's administrator before signing out.
    await signInThroughForm(page, 'admin@demo.church');
    const me = (await (await page.request.get('/api/v1/me')).json()) as { churchId: string };
    const sermons = await page.request.get('/api/v1/analytics/sermons?status=ended&pageSize=1');
    const broadcastId = ((await sermons.json()) as { items: Array<{ broadcastId: string }> }).items[0]!.broadcastId;
    const livestream = await page.request.get(`/api/v1/churches/${me.churchId}/livestream`);
    const overlayUrl = ((await livestream.json()) as { overlay: { url: string } }).overlay.url;
    await page.request.post('/api/v1/auth/logout');
    await page.context().clearCookies();
    const found: string[] = [];
    await walk(page, [
      { path: '/' },
      { path: '/signup' },
      { path: '/forgot-password' },
      { path: '/privacy-policy' },
      { path: `/churches/${me.churchId}/events` },
      { path: '/l/HARBOUR' },
      { path: '/l/HARBOUR/projector' },
      { path: `/sermon/join/${broadcastId}?churchId=${me.churchId}` },
      // The OBS overlay shows captions only while a sermon is live: an empty, transparent page now.
      { path: overlayUrl, ready: (p) => p.waitForLoadState('networkidle') },
    ], found);
    expect(found).toEqual([]);
  });
});
