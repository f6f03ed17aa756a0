/**
 * The listener pages (`/joinlive`, `/sermon/join/:broadcastId`): what a whole congregation opens at
 * once. The server serves them their own lean web entry (listen.html, docs/decisions/018) and the web
 * app loads only their text; both ask this one function. Like the router, it ignores case and a
 * trailing slash.
 */
export type ListenerPage = { page: 'joinLive' } | { page: 'sermonJoin'; broadcastId: string };

export function matchListenerPage(pathname: string): ListenerPage | null {
  if (/^\/joinlive\/?$/i.test(pathname)) return { page: 'joinLive' };
  const m = /^\/sermon\/join\/([^/]+)\/?$/i.exec(pathname);
  if (!m?.[1]) return null;
  try {
    return { page: 'sermonJoin', broadcastId: decodeURIComponent(m[1]) };
  } catch {
    return { page: 'sermonJoin', broadcastId: m[1] };
  }
}
