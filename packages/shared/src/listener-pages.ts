/**
 * The listener pages (`/joinlive`, `/sermon/join/:broadcastId`): what a whole congregation opens at
 * once. The server serves them their own lean web entry (listen.html, docs/decisions/018) and the web
 * app loads only their text; both ask this one function. Like the router, it ignores case and a
 * trailing slash.
 */
export type ListenerPage =
  | { page: 'joinLive' }
  | { page: 'sermonJoin'; broadcastId: string }
  // A church's standing join link and its room-screen view (docs/decisions/019).
  | { page: 'lobby'; code: string }
  | { page: 'projector'; code: string }
  // A church's OBS caption overlay, by its unguessable token (decision 037).
  | { page: 'overlay'; token: string };

export function matchListenerPage(pathname: string): ListenerPage | null {
  if (/^\/joinlive\/?$/i.test(pathname)) return { page: 'joinLive' };
  const overlay = /^\/overlay\/([A-Za-z0-9_-]{20,100})\/?$/i.exec(pathname);
  if (overlay?.[1]) return { page: 'overlay', token: overlay[1] };
  const lobby = /^\/l\/([A-Za-z0-9]{1,20})(\/projector)?\/?$/i.exec(pathname);
  if (lobby?.[1]) return { page: lobby[2] ? 'projector' : 'lobby', code: lobby[1] };
  const m = /^\/sermon\/join\/([^/]+)\/?$/i.exec(pathname);
  if (!m?.[1]) return null;
  try {
    return { page: 'sermonJoin', broadcastId: decodeURIComponent(m[1]) };
  } catch {
    return { page: 'sermonJoin', broadcastId: m[1] };
  }
}
