import { beforeEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { fallbackRedirect, requireChurchInQuery, requireMobileQuery, requireStoredEmail, signedOutOnly } from './guards';

const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

/** Where a guard sends the visitor, or null when it lets them through. */
function target(result: Response | null): string | null {
  if (result === null) return null;
  expect(result.status).toBe(302);
  return result.headers.get('Location');
}

const signIn = () => {
  localStorage.setItem('userEmail', 'member@demo.church');
  localStorage.setItem('userType', '4');
};

describe('route guards (spec section 2)', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor without a stored email from the signed-in area to /', () => {
    expect(target(requireStoredEmail())).toBe('/');
  });

  it('lets a visitor with a stored email into the signed-in area, whatever the role', () => {
    localStorage.setItem('userEmail', 'a@b.co');
    expect(target(requireStoredEmail())).toBeNull();
  });

  it('sends a signed-in visitor at / to /dashboard and lets a signed-out one stay', () => {
    expect(target(signedOutOnly())).toBeNull();
    signIn();
    expect(target(signedOutOnly())).toBe('/dashboard');
  });

  it.each([
    ['/golive', '/'],
    ['/golive?userId=u1', '/'],
    ['/golive?churchId=c1', '/'],
    ['/golive?userId=&churchId=c1', '/'],
    ['/joinlive?userId=%20&churchId=c1', '/'],
    ['/joinlive?churchId=c1', '/'],
  ])('sends %s without both userId and churchId to %s', (url, to) => {
    expect(target(requireMobileQuery(args(url)))).toBe(to);
  });

  it('lets /golive and /joinlive through with non-empty userId and churchId', () => {
    expect(target(requireMobileQuery(args('/golive?userId=u1&churchId=c1')))).toBeNull();
    expect(target(requireMobileQuery(args('/joinlive?churchId=c1&userId=u1')))).toBeNull();
  });

  it.each(['/sermon/join/AB12CD?churchId=c1', '/join/AB12CD?churchId=c1', '/live-sermon-translator?churchId=c1'])(
    'lets %s through with a church in the query, with no userId needed',
    (url) => {
      expect(target(requireChurchInQuery(args(url)))).toBeNull();
    },
  );

  it.each([
    ['/sermon/join/AB12CD', '/sermon/join/AB12CD?churchId=stored-church'],
    ['/join/AB12CD?lang=pt', '/join/AB12CD?lang=pt&churchId=stored-church'],
    ['/live-sermon-translator?churchId=', '/live-sermon-translator?churchId=stored-church'],
  ])('adds the stored church id to %s', (url, to) => {
    localStorage.setItem('churchId', 'stored-church');
    expect(target(requireChurchInQuery(args(url)))).toBe(to);
  });

  it.each(['/sermon/join/AB12CD', '/join/AB12CD', '/live-sermon-translator'])('sends %s to /joinlive when no church is known', (url) => {
    expect(target(requireChurchInQuery(args(url)))).toBe('/joinlive');
  });

  it('sends any other path to the dashboard when signed in, else to /', () => {
    expect(target(fallbackRedirect())).toBe('/');
    signIn();
    expect(target(fallbackRedirect())).toBe('/dashboard');
  });
});
