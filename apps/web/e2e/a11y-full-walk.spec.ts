import { expect, test, type Page } from '@playwright/test';
import { walk, type View } from './a11y-walk-helpers';
import { churchWithNotification, followUpDialog, importPreview, invitedPerson, phoneMenu, resetCode, resetDone, signUpErrors } from './a11y-walk-views';
import { DEMO_PASSWORD, signInThroughForm } from './fixtures';

// Every view of router.tsx and the listener entry that each role can open, on the demo data, in
// Portuguese at 390 px and English at 1280 px: no serious or critical axe finding (WCAG 2.1 A and AA,
// best practice).
// A view two roles share on the same screen is walked once, as the church administrator; a role
// that sees a view otherwise (the platform's church, staff's follow-up) walks its own. 76 views,
// 146 page loads (the UI kit's in one language): about 3½ minutes of two workers' time on a quiet
// 2-core machine.

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

const analyticsTabs: View[] = ['salvations', 'live', 'ended', 'newUsers', 'cost'].map((tab) => ({ path: `/analytics?tab=${tab}` }));

test.describe('every view of every role has no serious or critical accessibility finding, pt-BR at 390 px and en at 1280 px', () => {
  // A loaded CI machine walks a view in about 5 s, a quiet one in about 2. Each role's walk stands
  // alone (it reads the demo data, and removes what it adds), so the walks spread over the workers
  // (decision 050).
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
    const invited = await invitedPerson(page);
    const found: string[] = [];
    try {
      await walk(page, [
        { path: '/dashboard' },
        phoneMenu,
        churchWithNotification,
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
        { path: '/events?status=expired' },
        { path: '/events/new' },
        { path: `/events/${event}` },
      ], found);
    } finally {
      await page.request.delete(`/api/v1/users/${invited}`);
    }
    expect(found).toEqual([]);
  });

  test('church administrator: sermons, follow-ups, feedback, analytics and messages', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.church');
    const [followUp, sermon] = await Promise.all([firstId(page, 'follow-ups'), endedSermonId(page)]);
    const found: string[] = [];
    await walk(page, [
      { path: '/real-time-sermon-translation' },
      { path: '/follow-ups' },
      followUpDialog(followUp),
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
      followUpDialog(followUp),
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

  test('signed-out visitor and guest listener', async ({ page, request }) => {
    // The ids a visitor's links carry, read as the church's administrator through the API's own
    // cookies: the page never signs in. Signed in, it would keep the stored user (spec section 3),
    // and the guards would send every visitor's view to the administrator's dashboard.
    expect((await request.post('/api/v1/auth/login', { data: { email: 'admin@demo.church', password: DEMO_PASSWORD } })).ok()).toBe(true);
    const me = (await (await request.get('/api/v1/me')).json()) as { churchId: string };
    const sermons = await request.get('/api/v1/analytics/sermons?status=ended&pageSize=1');
    const broadcastId = ((await sermons.json()) as { items: Array<{ broadcastId: string }> }).items[0]!.broadcastId;
    const livestream = await request.get(`/api/v1/churches/${me.churchId}/livestream`);
    const overlayUrl = ((await livestream.json()) as { overlay: { url: string } }).overlay.url;
    await request.post('/api/v1/auth/logout');
    // The walk sets its language on the site's own origin, not on the blank first page.
    await page.goto('/');
    const found: string[] = [];
    await walk(page, [
      { path: '/' },
      { path: '/signup' },
      signUpErrors,
      { path: '/forgot-password' },
      resetCode,
      resetDone(request),
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
