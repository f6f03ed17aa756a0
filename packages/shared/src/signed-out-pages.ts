/**
 * The first pages of a signed-out visit: sign-in (`/`), sign-up, the password reset and the
 * invitation's set-password page. The web app loads only their text for them (decision 029). Like the
 * router, it ignores case and a trailing slash.
 */
export type SignedOutPage = 'signIn' | 'signUp' | 'forgotPassword' | 'setPassword';

const byPath: Record<string, SignedOutPage> = {
  '/': 'signIn',
  '/signup': 'signUp',
  '/forgot-password': 'forgotPassword',
  '/set-password': 'setPassword',
};

/** A path as the router compares it: letter case and one trailing slash ignored. */
export const routerPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase();

export function matchSignedOutPage(pathname: string): SignedOutPage | null {
  return byPath[routerPath(pathname)] ?? null;
}

/**
 * The first page after signing in: `/dashboard`, and `/today-sermons`, the same screen (spec section
 * 2). The web app loads the shell's text for it, not every screen's (decision 029).
 */
export function isDashboardPage(pathname: string): boolean {
  const path = routerPath(pathname);
  return path === '/dashboard' || path === '/today-sermons';
}
