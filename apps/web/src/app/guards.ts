import { redirect, type LoaderFunctionArgs } from 'react-router';
import { readStoredUser } from '../lib/stored-user';
import { paths } from './paths';

/** `/`: a visitor with a stored email goes to the dashboard (spec section 2). */
export function signedOutOnly() {
  return readStoredUser().userEmail ? redirect(paths.dashboard) : null;
}

/** Signed-in area: the stored email is the sign-in state (spec section 4). */
export function requireStoredEmail() {
  return readStoredUser().userEmail ? null : redirect(paths.signIn);
}

/** `/golive` and `/joinlive` need non-empty userId and churchId query parameters. */
export function requireMobileQuery({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  return q.get('userId') && q.get('churchId') ? null : redirect(paths.signIn);
}

/**
 * Join screens take the church from the query, else add the stored church id to the query,
 * else send the visitor to /joinlive.
 */
export function requireChurchInQuery({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('churchId')) return null;
  const stored = readStoredUser().churchId;
  if (stored) {
    url.searchParams.set('churchId', stored);
    return redirect(`${url.pathname}?${url.searchParams.toString()}`);
  }
  return redirect(paths.joinLiveMobile);
}

/** Any unknown path: the dashboard when signed in, else the sign-in page. */
export function fallbackRedirect() {
  return redirect(readStoredUser().userEmail ? paths.dashboard : paths.signIn);
}
