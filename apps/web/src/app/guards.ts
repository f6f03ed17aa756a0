import { redirect, type LoaderFunctionArgs } from 'react-router';
import { readStoredUser } from '../lib/stored-user';
import { churchInQueryRedirect, mobileQueryRedirect } from './guard-rules';
import { paths } from '../config/paths';

// Route guards of spec section 2 ("Route guards", section 5). They check the stored values only,
// never the role: the server decides what data comes back (spec section 6). The query rules live in
// guard-rules.ts, shared with the listener entry, which has no router.

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
  const to = mobileQueryRedirect(new URL(request.url));
  return to ? redirect(to) : null;
}

/** `/sermon/join/{id}`, `/join/{id}` and `/live-sermon-translator`: the church in the query (guard-rules.ts). */
export function requireChurchInQuery({ request }: LoaderFunctionArgs) {
  const to = churchInQueryRedirect(new URL(request.url));
  return to ? redirect(to) : null;
}

/** Any other path: the dashboard when signed in, else the sign-in page. */
export function fallbackRedirect() {
  return redirect(readStoredUser().userEmail ? paths.dashboard : paths.signIn);
}
