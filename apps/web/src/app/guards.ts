import { redirect, type LoaderFunctionArgs } from 'react-router';
import { readStoredUser } from '../lib/stored-user';
import { paths } from './paths';

// Route guards of spec section 2 ("Route guards", section 5). They check the stored values only,
// never the role: the server decides what data comes back (spec section 6).

const isBlank = (value: string | null) => !value || value.trim() === '';

/** `/` (and signup): a visitor with a stored email goes to the dashboard. */
export function signedOutOnly() {
  return readStoredUser().userEmail ? redirect(paths.dashboard) : null;
}

/** Signed-in area: the stored email is the sign-in state (spec section 4); without it, `/`. */
export function requireStoredEmail() {
  return readStoredUser().userEmail ? null : redirect(paths.signIn);
}

/** `/golive` and `/joinlive` need non-empty userId and churchId query parameters, else `/`. */
export function requireMobileQuery({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  return isBlank(q.get('userId')) || isBlank(q.get('churchId')) ? redirect(paths.signIn) : null;
}

/**
 * `/sermon/join/{id}`, `/join/{id}` and `/live-sermon-translator` take the church from the query,
 * else add the stored church id to the query (keeping the rest of it), else send the visitor to
 * `/joinlive`. These paths are exempt from the userId check.
 */
export function requireChurchInQuery({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!isBlank(url.searchParams.get('churchId'))) return null;
  const stored = readStoredUser().churchId;
  if (stored) {
    url.searchParams.set('churchId', stored);
    return redirect(`${url.pathname}?${url.searchParams.toString()}${url.hash}`);
  }
  return redirect(paths.joinLiveMobile);
}

/** Any other path: the dashboard when signed in, else the sign-in page. */
export function fallbackRedirect() {
  return redirect(readStoredUser().userEmail ? paths.dashboard : paths.signIn);
}
