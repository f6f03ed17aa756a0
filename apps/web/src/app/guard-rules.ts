import { readStoredUser } from '../lib/stored-user';
import { paths } from '../config/paths';

// The route guards of spec section 2 ("Route guards", section 5) as plain functions of the URL, so the
// router (guards.ts) and the listener entry (listener-app.tsx, no router) apply the same rules. They
// check the stored values only, never the role: the server decides what data comes back (spec
// section 6). Each returns where to send the visitor, or null to let them through.

const isBlank = (value: string | null) => !value || value.trim() === '';

/** `/golive` and `/joinlive` need non-empty userId and churchId query parameters, else `/`. */
export function mobileQueryRedirect(url: URL): string | null {
  const q = url.searchParams;
  return isBlank(q.get('userId')) || isBlank(q.get('churchId')) ? paths.signIn : null;
}

/**
 * `/sermon/join/{id}`, `/join/{id}` and `/live-sermon-translator` take the church from the query,
 * else add the stored church id to the query (keeping the rest of it), else send the visitor to
 * `/joinlive`. These paths are exempt from the userId check.
 */
export function churchInQueryRedirect(url: URL): string | null {
  if (!isBlank(url.searchParams.get('churchId'))) return null;
  const stored = readStoredUser().churchId;
  if (!stored) return paths.joinLiveMobile;
  const next = new URL(url);
  next.searchParams.set('churchId', stored);
  return `${next.pathname}?${next.searchParams.toString()}${next.hash}`;
}
