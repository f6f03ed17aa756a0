/** `m:ss` (or `h:mm:ss`) of seconds from the sermon's start. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/**
 * The recording at a moment: YouTube and most players read `t` in seconds (YouTube's own links
 * carry it so); a file link gets a media fragment `#t=`. Null without a recording, or for an
 * address that is not http(s).
 */
export function recordingLink(recording: string, seconds: number): string | null {
  let url: URL;
  try {
    url = new URL(recording.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const at = Math.max(0, Math.floor(seconds));
  if (/(^|\.)(youtube\.com|youtu\.be|vimeo\.com)$/i.test(url.hostname)) {
    url.searchParams.set('t', `${at}s`);
    return url.toString();
  }
  url.hash = `t=${at}`;
  return url.toString();
}
