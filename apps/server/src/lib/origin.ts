import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a browser request comes from our own site: the CSRF check for HTTP mutations and the
 * Socket.IO handshake alike. Non-browser clients (curl, the mobile app's native layer, tests, the
 * benchmark) send no Origin and are let through; their access is decided by the session.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, publicUrl?: string): boolean {
  const origin = headers.origin;
  if (!origin) return true;
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  const forwarded = headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? headers.host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
