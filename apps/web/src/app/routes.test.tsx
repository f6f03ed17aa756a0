import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { routes } from './router';

// Spec section 2, every route, public and signed-in.
const specRoutes = [
  '/',
  '/privacy-policy',
  '/golive',
  '/joinlive',
  '/sermon/join/AB12CD',
  '/dashboard',
  '/today-sermons',
  '/basic/button',
  '/basic/badges',
  '/basic/breadcrumb-paging',
  '/basic/collapse',
  '/basic/tabs-pills',
  '/basic/typography',
  '/profile',
  '/administrators',
  '/church',
  '/events',
  '/analytics',
  '/user/events',
  '/admin/events',
  '/real-time-sermon-translation',
  '/live-sermon-translator',
  '/join/AB12CD',
  '/churches',
  '/staff-members',
  '/users',
  '/request-delete',
  '/feedback',
  '/all-feedback',
];

const publicRoutes = ['/', '/privacy-policy', '/golive', '/joinlive', '/sermon/join/AB12CD'];
const signedInRoutes = specRoutes.filter((p) => !publicRoutes.includes(p));

const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

/** Where a visitor who opens `path` ends up after every guard has run. */
async function land(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 10_000 });
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
}

describe('routes', () => {
  beforeEach(() => localStorage.clear());

  it.each(specRoutes)('has a screen for %s', (path) => {
    const route = leaf(path);
    expect(route?.path ?? route?.index).toBeTruthy();
    expect(route?.path).not.toBe('*');
    expect(Boolean(route?.lazy || route?.Component || route?.element)).toBe(true);
  });

  it('sends an unknown path to the fallback redirect', () => {
    expect(leaf('/no-such-page')?.path).toBe('*');
    expect(leaf('/basic/unknown')?.path).toBe('*');
  });

  it.each(signedInRoutes)('sends a signed-out visitor from %s to /', async (path) => {
    expect(await land(path)).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/privacy-policy', '/privacy-policy'],
    ['/golive', '/'],
    ['/golive?userId=u1&churchId=c1', '/golive?userId=u1&churchId=c1'],
    ['/joinlive?churchId=c1', '/'],
    ['/joinlive?churchId=c1&userId=u1', '/joinlive?churchId=c1&userId=u1'],
    ['/sermon/join/AB12CD?churchId=c1', '/sermon/join/AB12CD?churchId=c1'],
    // No church anywhere: /joinlive, whose own guard then wants userId and churchId.
    ['/sermon/join/AB12CD', '/'],
    ['/no-such-page', '/'],
  ])('signed out, %s lands on %s', async (path, to) => {
    expect(await land(path)).toBe(to);
  });

  it.each([
    ['/', '/dashboard'],
    ['/dashboard', '/dashboard'],
    ['/privacy-policy', '/privacy-policy'],
    ['/join/AB12CD', '/join/AB12CD?churchId=church-1'],
    ['/live-sermon-translator', '/live-sermon-translator?churchId=church-1'],
    ['/live-sermon-translator?churchId=other', '/live-sermon-translator?churchId=other'],
    ['/sermon/join/AB12CD', '/sermon/join/AB12CD?churchId=church-1'],
    ['/no-such-page', '/dashboard'],
  ])('signed in with a church, %s lands on %s', async (path, to) => {
    localStorage.setItem('userEmail', 'member@demo.church');
    localStorage.setItem('userType', '4');
    localStorage.setItem('churchId', 'church-1');
    expect(await land(path)).toBe(to);
  });
});
